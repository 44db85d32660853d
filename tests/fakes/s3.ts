/**
 * A local S3-compatible server for tests: path-style PutObject, GetObject, HeadObject and
 * DeleteObject over HTTP, as the AWS SDK speaks them, with S3's XML errors. Requests must be
 * signed (AWS Signature Version 4) with the configured access key; the signature itself is
 * checked as S3 does, so a client with the wrong secret is refused like the real service would.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stored object. */
export interface FakeObject {
  body: Buffer;
  contentType: string;
}

/** A running fake. */
export interface FakeS3 {
  /** `http://127.0.0.1:<port>`: the endpoint to configure. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by key. */
  objects: Map<string, FakeObject>;
  /** Requests by method, for assertions (`PUT c/1/x.jpg`). */
  requests: string[];
  close(): Promise<void>;
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function sendError(res: ServerResponse, status: number, code: string, message: string, head: boolean): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** S3's URI encoding of one path segment (RFC 3986 unreserved characters kept). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Whether the request carries a valid SigV4 signature of the configured key. */
function signatureValid(req: IncomingMessage, payloadHash: string, accessKeyId: string, secret: string): boolean {
  const auth = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (match === null) return false;
  const [, keyId = '', date = '', region = '', signedHeaders = '', signature = ''] = match;
  if (keyId !== accessKeyId) return false;
  const url = new URL(req.url ?? '/', 'http://fake');
  const canonicalPath = url.pathname.split('/').map((s) => encodeSegment(decodeURIComponent(s))).join('/');
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeSegment(k), encodeSegment(v)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders, req.headers['x-amz-content-sha256'] ?? payloadHash].join('\n');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature;
}

/** Starts the fake on a free local port with one bucket. */
export async function startFakeS3(options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'chorus-media';
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-key-0123456789';
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const head = req.method === 'HEAD';
      const payloadHash = createHash('sha256').update(body).digest('hex');
      if (!signatureValid(req, payloadHash, accessKeyId, secretAccessKey)) {
        sendError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', head);
        return;
      }
      const declared = req.headers['x-amz-content-sha256'];
      if (typeof declared === 'string' && /^[0-9a-f]{64}$/.test(declared) && declared !== payloadHash) {
        sendError(res, 400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.', head);
        return;
      }
      const pathname = new URL(req.url ?? '/', 'http://fake').pathname;
      const [, first = '', ...rest] = pathname.split('/');
      const key = rest.map((s) => decodeURIComponent(s)).join('/');
      if (decodeURIComponent(first) !== bucket) {
        sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.', head);
        return;
      }
      requests.push(`${req.method ?? ''} ${key}`);
      switch (req.method) {
        case 'PUT': {
          objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          res.end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          const object = objects.get(key);
          if (object === undefined) {
            sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
            return;
          }
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.byteLength, etag: `"${createHash('md5').update(object.body).digest('hex')}"` });
          res.end(head ? undefined : object.body);
          return;
        }
        case 'DELETE': {
          objects.delete(key);
          res.writeHead(204);
          res.end();
          return;
        }
        default:
          sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', head);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
