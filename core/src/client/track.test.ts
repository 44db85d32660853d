import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { memoryTokenStore } from './token-store.ts';
import { trackClick, trackImpressions } from './track.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A client whose transport records each request and answers with `answer`. */
function recordingClient(answer: unknown): { client: ApiClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    sent.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  };
  return { client: new ApiClient({ baseUrl: 'http://acme.test', tokens: memoryTokenStore('token-1'), fetch }), sent };
}

describe('tracking client', () => {
  it('posts impressions to v1 with the token, and keeps the request alive only when asked', async () => {
    const { client, sent } = recordingClient({ recorded: 2 });
    expect(await trackImpressions(client, { post_ids: [4, 5], channel: 9 })).toEqual({ recorded: 2 });
    await trackImpressions(client, { post_ids: [6] }, { keepalive: true });
    expect(sent.map((s) => [s.init.method, s.url, s.init.body, s.init.keepalive])).toEqual([
      ['POST', 'http://acme.test/api/v1/track/post/impressions', '{"post_ids":[4,5],"channel":9}', undefined],
      ['POST', 'http://acme.test/api/v1/track/post/impressions', '{"post_ids":[6]}', true],
    ]);
    expect(new Headers(sent[0]?.init.headers).get('X-AUTH-TOKEN')).toBe('token-1');
  });

  it('posts a click with its channel', async () => {
    const { client, sent } = recordingClient({ post_id: 12, channel: 3 });
    expect(await trackClick(client, 12, { channel: 3 })).toEqual({ post_id: 12, channel: 3 });
    expect(sent.map((s) => [s.init.method, s.url, s.init.body])).toEqual([['POST', 'http://acme.test/api/v1/track/post/12/clicks', '{"channel":3}']]);
  });
});
