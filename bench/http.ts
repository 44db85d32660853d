/**
 * A minimal HTTP client on node:http. fetch() cannot send a Host header of its own choosing,
 * and the server picks the company from the Host header.
 */
import http from 'node:http';

/** A complete response. */
export interface HttpResponse {
  status: number;
  body: string;
  /** Bytes on the wire: the body as received, before any decoding (it is not decoded here). */
  bytes: number;
  ms: number;
}

/** Sends one request to `url` with the given headers (Host included) and reads the whole body. */
export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers ?? {}, agent: false, timeout: init.timeoutMs ?? 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body: body.toString('utf8'), bytes: body.length, ms: performance.now() - started });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timed out: ${url}`)));
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
