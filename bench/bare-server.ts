/**
 * The baselines: a bare Fastify server with one route returning a small JSON object, no
 * logging, no plugins; and, given a database URL, `/one-query`, which answers the same after
 * one `SELECT 1` through a pool of the server's size: the ceiling of any route that reads the
 * database at all. Run as a child: `node bench/bare-server.ts <port> [database-url]`.
 */
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error('usage: node bench/bare-server.ts <port> [database-url]');
const databaseUrl = process.argv[3];

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world', ok: true }));
// The server's pool size (server/src/db/database.ts).
const pool = databaseUrl === undefined ? null : new pg.Pool({ connectionString: databaseUrl, max: 10 });
if (pool !== null) {
  app.get('/one-query', async () => {
    await pool.query('SELECT 1');
    return { hello: 'world', ok: true };
  });
  app.addHook('onClose', async () => pool.end());
}

const close = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

await app.listen({ port, host: '127.0.0.1' });
