/**
 * The recording HTTP server the network fakes (x-api.ts, linkedin-api.ts, facebook-graph.ts, beside this file)
 * are built on: it listens on 127.0.0.1 and a free port, records every request as it came over
 * the wire (method, path, query, headers, raw body, and the body read as JSON, a form or
 * multipart parts), and can be told to answer the next matching requests with a fault instead
 * of the network's normal answer: a status with a body and headers, a hang (no answer at all)
 * or a reset (the connection is dropped after the request was read).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One multipart part. */
export interface RecordedPart {
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** The body parsed as JSON when it was JSON, else null. */
  json: unknown;
  /** The body as form parameters when it was form-encoded, else null. */
  form: URLSearchParams | null;
  /** The parts by name when the body was multipart, else null. */
  parts: Map<string, RecordedPart> | null;
}

/** A normal answer of a fake's handler. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What a fault does instead of the handler's answer. */
export type FakeFault = FakeAnswer | 'hang' | 'reset';

interface Armed {
  method: string;
  path: string | RegExp;
  fault: FakeFault;
  times: number;
}

/** A running fake. */
export interface NetworkFake {
  /** http://127.0.0.1:{port} */
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Answers the next `times` requests matching method and path with the fault. */
  fail(method: string, path: string | RegExp, fault: FakeFault, times?: number): void;
  /** Forgets recorded requests and armed faults (the fake's own state stays). */
  clear(): void;
  close(): Promise<void>;
}

function parseMultipart(contentType: string, raw: Buffer): Map<string, RecordedPart> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const parts = new Map<string, RecordedPart>();
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return parts;
  const delimiter = Buffer.from(`--${marker}`);
  let start = raw.indexOf(delimiter);
  while (start !== -1) {
    const next = raw.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const section = raw.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = section.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const head = section.subarray(0, headerEnd).toString('utf8');
      const name = /name="([^"]*)"/.exec(head)?.[1];
      if (name !== undefined) {
        parts.set(name, {
          filename: /filename="([^"]*)"/.exec(head)?.[1] ?? null,
          contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? null,
          data: Buffer.from(section.subarray(headerEnd + 4)),
        });
      }
    }
    start = next;
  }
  return parts;
}

function record(method: string, url: URL, headers: IncomingHttpHeaders, raw: Buffer): RecordedRequest {
  const type = headers['content-type'] ?? '';
  let json: unknown = null;
  if (type.includes('json') && raw.length > 0) json = JSON.parse(raw.toString('utf8'));
  return {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers,
    raw,
    json,
    form: type.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(raw.toString('utf8')) : null,
    parts: type.startsWith('multipart/form-data') ? parseMultipart(type, raw) : null,
  };
}

function send(res: ServerResponse, answer: FakeAnswer): void {
  const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const headers: Record<string, string> = { ...(answer.body === undefined || typeof answer.body === 'string' ? {} : { 'content-type': 'application/json' }), ...answer.headers };
  res.writeHead(answer.status, headers).end(body);
}

/** Starts a fake whose normal answers come from the handler. */
export async function startNetworkFake(handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<NetworkFake> {
  const requests: RecordedRequest[] = [];
  let armed: Armed[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded = record(req.method ?? 'GET', url, req.headers, Buffer.concat(chunks));
      requests.push(recorded);
      const fault = armed.find((a) => a.method === recorded.method && (typeof a.path === 'string' ? a.path === recorded.path : a.path.test(recorded.path)));
      if (fault) {
        fault.times -= 1;
        armed = armed.filter((a) => a.times > 0);
        if (fault.fault === 'hang') return;
        if (fault.fault === 'reset') {
          req.socket.destroy();
          return;
        }
        send(res, fault.fault);
        return;
      }
      Promise.resolve(handler(recorded)).then(
        (answer) => send(res, answer),
        (error: unknown) => send(res, { status: 500, body: { message: String(error) } }),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail(method, path, fault, times = 1) {
      armed.push({ method, path, fault, times });
    },
    clear() {
      requests.length = 0;
      armed = [];
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
