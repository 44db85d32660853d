import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChannelPostPayload, postToChannelWebhook } from './channel-post-card.ts';

const post = { id: 7, title: 'Volunteer day', summary: 'Join us on Friday.', imageUrl: null, topic: 'Community' };
const options = { teamsAppId: 'app-id', tabEntityId: 'chorus-home', locale: 'es-ES' };

describe('buildChannelPostPayload', () => {
  it('wraps an Adaptive Card 1.4 in the message a Workflows webhook accepts', () => {
    const payload = buildChannelPostPayload(post, options);

    expect(payload.type).toBe('message');
    expect(payload.attachments).toHaveLength(1);
    const [attachment] = payload.attachments;
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(attachment.content.version).toBe('1.4');
    expect(attachment.content.body[1]).toMatchObject({ text: 'Volunteer day' });
    expect(attachment.content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Abrir publicación', url: expect.stringContaining('/l/entity/app-id/chorus-home?context=') },
    ]);
  });
});

describe('postToChannelWebhook', () => {
  let close: (() => void) | undefined;

  afterEach(() => close?.());

  async function webhook(status: number): Promise<{ url: string; requests: { method?: string; type?: string; body: unknown }[] }> {
    const requests: { method?: string; type?: string; body: unknown }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        requests.push({ method: request.method, type: request.headers['content-type'], body: JSON.parse(text) });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => server.close();
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/workflows/trigger`, requests };
  }

  it('posts the payload as JSON and reports acceptance', async () => {
    const { url, requests } = await webhook(202);
    const payload = buildChannelPostPayload(post, options);

    const result = await postToChannelWebhook(url, payload, fetch);

    expect(result).toEqual({ ok: true, status: 202 });
    expect(requests).toEqual([{ method: 'POST', type: 'application/json', body: payload }]);
  });

  it('reports a refusal with its status', async () => {
    const { url } = await webhook(400);

    expect(await postToChannelWebhook(url, buildChannelPostPayload(post, options), fetch)).toEqual({ ok: false, status: 400 });
  });
});
