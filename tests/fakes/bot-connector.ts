import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One activity the fake connector received, as the bot sent it over the wire. */
export interface ReceivedActivity {
  conversationId: string;
  /** Set when the bot replied to an activity (`POST .../activities/{replyToId}`). */
  replyToId: string | null;
  /** The `Authorization` header, if the bot sent one. */
  authorization: string | null;
  /** The id the fake answered with. */
  id: string;
  activity: Record<string, unknown>;
}

/** A running fake Bot Connector service. */
export interface FakeBotConnector {
  /** Base URL to use as an activity's `serviceUrl`, with a trailing slash as Teams sends it. */
  url: string;
  /** Every activity accepted so far, oldest first. */
  received: ReceivedActivity[];
  /** Makes every send to this conversation fail with the status (403 blocked, 404 uninstalled). */
  failConversation(conversationId: string, status: number): void;
  /** Forgets received activities and configured failures. */
  reset(): void;
  close(): Promise<void>;
}

/** Error codes the real service answers with for the statuses tests usually configure. */
const failureCodes = new Map([
  [403, 'BotDisabledByAdmin'],
  [404, 'ConversationNotFound'],
]);

const activitiesPath = /^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?\/?$/;

/**
 * Starts a local stand-in for the Bot Connector REST service on 127.0.0.1 and a free port. It
 * speaks the v3 wire protocol for sending and replying to activities, which is all the bot uses.
 */
export async function startFakeBotConnector(): Promise<FakeBotConnector> {
  const received: ReceivedActivity[] = [];
  const failures = new Map<string, number>();

  const server = createServer((request, response) => {
    handleRequest(request, response).catch((error: unknown) => {
      sendJson(response, 500, { error: { code: 'ServiceError', message: String(error) } });
    });
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const match = activitiesPath.exec(path);
    if (request.method !== 'POST' || !match?.[1]) {
      sendJson(response, 404, { error: { code: 'NotFound', message: `No route for ${request.method} ${path}` } });
      return;
    }
    const conversationId = decodeURIComponent(match[1]);
    const replyToId = match[2] ? decodeURIComponent(match[2]) : null;
    const body = await readJson(request);

    const failure = failures.get(conversationId);
    if (failure) {
      const code = failureCodes.get(failure) ?? 'ServiceError';
      sendJson(response, failure, { error: { code, message: `Conversation ${conversationId} refused the activity` } });
      return;
    }

    const id = randomUUID();
    const authorization = request.headers.authorization ?? null;
    received.push({ conversationId, replyToId, authorization, id, activity: body });
    sendJson(response, 200, { id });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    failConversation(conversationId, status) {
      failures.set(conversationId, status);
    },
    reset() {
      received.length = 0;
      failures.clear();
    },
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = text ? JSON.parse(text) : {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('Activity body is not a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
