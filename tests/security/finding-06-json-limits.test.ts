/**
 * Finding 6: a megabyte of deeply nested JSON stalled the event loop for about 0.4 s per
 * request, before authentication. JSON bodies are now at most 64 KB and 32 levels deep;
 * multipart uploads keep their own, larger limits.
 */
import { ErrorCode, SuggestionResponse } from '@chorus/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, JSON_MAX_DEPTH, exceedsJsonDepth } from '../../server/src/plugins/json-body.ts';
import { createTestContext, hostOf, postForm, type TestContext } from '../../server/src/test/app.ts';
import { TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

function signIn(payload: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: hostOf('acme'), 'content-type': 'application/json' }, payload });
}

/** A sign-in body with an extra field the route ignores. */
function signInWith(extra: string): string {
  return `{"email":"user@acme.test","password":"${TEST_PASSWORD}","extra":${extra}}`;
}

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

describe('exceedsJsonDepth', () => {
  it.each([
    { text: '{"a":1}', max: 1, expected: false },
    { text: '{"a":{"b":[1]}}', max: 2, expected: true },
    { text: '{"a":{"b":[1]}}', max: 3, expected: false },
    { text: '{"a":"[[[[{{{{"}', max: 1, expected: false },
    { text: '{"a":"\\"[[[["}', max: 1, expected: false },
    { text: '[[],[],[[]]]', max: 3, expected: false },
    { text: '[[],[],[[[]]]]', max: 3, expected: true },
  ])('$text deeper than $max: $expected', ({ text, max, expected }) => {
    expect(exceedsJsonDepth(text, max)).toBe(expected);
  });
});

describe('finding 6: JSON bodies are small and shallow', () => {
  it('accepts a body nested to the limit', async () => {
    // The body object itself is one level.
    expect((await signIn(signInWith(nested(JSON_MAX_DEPTH - 1)))).statusCode).toBe(200);
  });

  it('refuses deeper nesting with 201 before parsing, whatever the route', async () => {
    const res = await signIn(signInWith(nested(JSON_MAX_DEPTH)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: '', message: `JSON nested deeper than ${JSON_MAX_DEPTH} levels.` }] });
    // The reported attack: deep nesting just under the size limit, unauthenticated.
    const attack = await signIn(nested(Math.floor((JSON_BODY_LIMIT - 10) / 2)));
    expect(attack.statusCode).toBe(400);
    expect(attack.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses a JSON body over 64 KB with 201 (HTTP 400), and takes one just under it', async () => {
    const padding = (size: number) => signInWith(`"${'x'.repeat(size)}"`);
    const under = padding(JSON_BODY_LIMIT - signInWith('""').length);
    expect(under.length).toBe(JSON_BODY_LIMIT);
    expect((await signIn(under)).statusCode).toBe(200);
    const res = await signIn(padding(JSON_BODY_LIMIT));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ message: expect.stringMatching(/too large/i) }] });
  });

  it('keeps multipart uploads on their own limits: a 200 KB suggestion image is accepted', async () => {
    const noise = Buffer.alloc(260 * 260 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 3) * 104729) % 251;
    const png = await sharp(noise, { raw: { width: 260, height: 260, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(JSON_BODY_LIMIT * 3);
    const form = new FormData();
    form.append('content', 'A big picture');
    form.append('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
    const res = await postForm(t.app, 'acme', '/api/v1/post/suggestion/mobile', form, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    expect(SuggestionResponse.parse(res.json()).id).toBeGreaterThan(0);
  });
});
