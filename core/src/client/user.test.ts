/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../domain/errors.ts';
import { ApiClient } from './api-client.ts';
import { isApiError } from './api-error.ts';
import { memoryTokenStore } from './token-store.ts';
import { changePassword, uploadAvatar } from './user.ts';

let server: Server;
let baseUrl: string;
const seen: { url: string; token: string | undefined; contentType: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = request.headers['x-auth-token'];
      seen.push({ url: request.url ?? '', token: Array.isArray(token) ? token[0] : token, contentType: request.headers['content-type'], body: Buffer.concat(chunks).toString('latin1') });
      response.setHeader('Content-Type', 'application/json');
      if (request.url === '/api/v1/user/password') {
        response.end(JSON.stringify({ token: 'rotated-token' }));
      } else {
        response.statusCode = 422;
        response.end(JSON.stringify({ error: ErrorCode.AVATAR_DIMENSIONS, message: 'size' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('user client', () => {
  it('keeps the rotated token a password change answers with', async () => {
    const tokens = memoryTokenStore('old-token');
    const client = new ApiClient({ baseUrl, tokens });
    await changePassword(client, { current_password: 'a', new_password: 'b', confirm_new_password: 'b' });
    expect(seen.at(-1)?.token).toBe('old-token');
    expect(tokens.get()).toBe('rotated-token');
  });

  it('sends the avatar as the multipart field `picture` with the session token, and reads a refusal', async () => {
    const client = new ApiClient({ baseUrl, tokens: memoryTokenStore('session') });
    const failure = await uploadAvatar(client, 7, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'me.png').catch((error: unknown) => error);
    expect(isApiError(failure, ErrorCode.AVATAR_DIMENSIONS)).toBe(true);
    const request = seen.at(-1);
    expect(request).toMatchObject({ url: '/api/v1/user/7/picture', token: 'session' });
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="picture"; filename="me.png"');
  });
});
