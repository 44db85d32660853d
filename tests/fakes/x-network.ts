/**
 * A local fake of X's API v2 that records every post it is given: `POST /2/tweets` (201
 * `{data: {id, text}}`) and `GET /2/users/{id}/tweets` (the account's recent posts, newest first, paged as X pages them:
 * xTimelinePage of server/src/test/fakes/x-api.ts), which the delivery engine's crash recovery reads. The account is
 * known from its bearer token, `x-token-{externalId}`. A post is recorded when its request
 * arrives, before the answer, as a real network would have it even if the caller dies waiting.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { xTimelinePage } from '../../server/src/test/fakes/x-api.ts';

/** One post the fake network took. */
export interface FakeXPost {
  id: string;
  authorId: string;
  text: string;
  at: Date;
}

/** A running fake. */
export interface FakeXNetwork {
  baseUrl: string;
  /** Every post taken, in arrival order. */
  posts: FakeXPost[];
  /** Posts the person made themselves (not through Chorus): on their timeline, not in `posts`. */
  own: FakeXPost[];
  /** Records a post the person made themselves, now. */
  postAs(authorId: string, text: string): void;
  /** Resolves once at least `count` posts have arrived. */
  waitForPosts(count: number): Promise<void>;
  close(): Promise<void>;
}

/** The bearer token the fake gives an account. */
export function fakeXToken(externalId: string): string {
  return `x-token-${externalId}`;
}

function authorOf(request: IncomingMessage): string | null {
  const match = /^Bearer x-token-(.+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a free port of 127.0.0.1; `latencyMs` delays each answer to a post. */
export async function startFakeXNetwork(options: { latencyMs?: number } = {}): Promise<FakeXNetwork> {
  const posts: FakeXPost[] = [];
  const own: FakeXPost[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let nextId = 1_800_000_000_000_000_000n;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-x');
      const author = authorOf(request);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (author === null) return send(401, { title: 'Unauthorized', detail: 'Unauthorized' });
      if (request.method === 'POST' && url.pathname === '/2/tweets') {
        const parsed: unknown = JSON.parse(await bodyOf(request));
        const text = typeof parsed === 'object' && parsed !== null && 'text' in parsed && typeof parsed.text === 'string' ? parsed.text : '';
        nextId += 1n;
        const post = { id: nextId.toString(), authorId: author, text, at: new Date() };
        posts.push(post);
        for (const waiter of waiters.filter((w) => posts.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
        return send(201, { data: { id: post.id, text: post.text } });
      }
      const recent = /^\/2\/users\/([^/]+)\/tweets$/.exec(url.pathname);
      if (request.method === 'GET' && recent) {
        const theirs = [...posts, ...own]
          .filter((p) => p.authorId === decodeURIComponent(recent[1] ?? ''))
          .sort((a, b) => a.at.getTime() - b.at.getTime() || (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
          .map((p) => ({ id: p.id, text: p.text, created: p.at }));
        const page = xTimelinePage(theirs, url.searchParams);
        return send(page.status, page.body);
      }
      return send(404, { title: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    posts,
    own,
    postAs(authorId, text) {
      nextId += 1n;
      own.push({ id: nextId.toString(), authorId, text, at: new Date() });
    },
    waitForPosts(count) {
      if (posts.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
