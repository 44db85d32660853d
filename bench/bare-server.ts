/**
 * The baseline: a bare Fastify server with one route returning a small JSON object, no
 * logging, no plugins. Run as a child: `node bench/bare-server.ts <port>`.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error('usage: node bench/bare-server.ts <port>');

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world', ok: true }));

const close = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

await app.listen({ port, host: '127.0.0.1' });
