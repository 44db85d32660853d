/**
 * A local stand-in for an OpenAI-compatible chat completions API (`POST /v1/chat/completions`,
 * bearer key), as the AI caption writer calls it through the `openai` package. It records every
 * request (so tests can read the prompt) and answers each with the next queued caption, in the
 * API's response shape; a queued status answers with the API's error shape instead.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat message as sent. */
export interface ChatMessage {
  role: string;
  content: string;
}

/** A request the fake received. */
export interface ChatRequest {
  authorization: string | null;
  model: string;
  messages: ChatMessage[];
}

/** A running fake. */
export interface FakeOpenAiChat {
  /** Base URL, as AI_BASE_URL (ends with /v1). */
  url: string;
  requests: ChatRequest[];
  /** Queues answers: a caption, or an HTTP status to fail with. Without any, it answers 'A caption.'. */
  answer(...answers: (string | number)[]): void;
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** Starts the fake on 127.0.0.1; requests must bear `apiKey`. */
export async function startFakeOpenAiChat(options: { apiKey: string }): Promise<FakeOpenAiChat> {
  const requests: ChatRequest[] = [];
  let queue: (string | number)[] = [];
  let created = 1_790_000_000;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
        send(response, 404, { error: { message: `Unknown path ${url.pathname}`, type: 'invalid_request_error', code: null } });
        return;
      }
      const authorization = typeof request.headers.authorization === 'string' ? request.headers.authorization : null;
      const body = JSON.parse(await readBody(request)) as { model?: string; messages?: ChatMessage[] };
      requests.push({ authorization, model: body.model ?? '', messages: body.messages ?? [] });
      if (authorization !== `Bearer ${options.apiKey}`) {
        send(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
        return;
      }
      const next = queue.shift() ?? 'A caption.';
      if (typeof next === 'number') {
        send(response, next, { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } });
        return;
      }
      created += 1;
      send(response, 200, {
        id: `chatcmpl-${created}`,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: next, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
      });
    })().catch((error: unknown) => send(response, 500, { error: { message: String(error), type: 'server_error', code: null } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(...answers) {
      queue.push(...answers);
    },
    reset() {
      queue = [];
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
