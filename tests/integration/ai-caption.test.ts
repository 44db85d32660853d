/**
 * v4 `POST /api/v4/ai/user/post/caption`: the embedded offline writer, the OpenAI-compatible
 * provider (against a local fake that records the prompt), the checks on what is offered
 * (length, compliance, one more try, then the AI error) and who may ask.
 */
import { AI_TONES, AiCaptionResponse, ErrorCode, Network, PostType, Role, type AiTone } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captionLengthOn } from '../../server/src/commands/share-checks.ts';
import { DEFAULT_USER_SETTINGS } from '../../server/src/db/defaults.ts';
import type { CompanyRow, PostRow } from '../../server/src/db/schema.ts';
import { AI_CAPTION_FAILED_MESSAGE } from '../../server/src/errors.ts';
import { createTestContext, hostOf, post, type TestContext } from '../../server/src/test/app.ts';
import { buildPost, buildUser, sessionFor, updateCompany } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';
import { startFakeOpenAiChat, type FakeOpenAiChat } from '../fakes/openai-chat.ts';

const CAPTION = '/api/v4/ai/user/post/caption';
const AI_SETTINGS = { consent_granted: true, job_title: 'Solar engineer', goal: 'Grow my network in renewable energy', default_tone: 'Witty' };

interface World {
  t: TestContext;
  f: Tenants;
  token: string;
  adminToken: string;
  solar: PostRow;
}

/** A test app where Acme has AI captions and compliance on, and a member who consented. */
async function world(env: Record<string, string> = {}): Promise<World> {
  const t = await createTestContext({ env });
  const f = await buildTenants(t.db);
  const toggles = { ...f.acme.featureToggles, user_ai_enabled: true, compliance_enabled: true };
  await updateCompany(t.db, f.acme.id, { featureToggles: toggles });
  const acme: CompanyRow = { ...f.acme, featureToggles: toggles };
  const member = await buildUser(t.db, [{ company: acme }], { settings: { ...DEFAULT_USER_SETTINGS, ai: AI_SETTINGS } });
  const adminToken = await sessionFor(t.db, f.acmeAdmin);
  const rules = { enabled: true, prohibited: ['guaranteed returns', 'miracle'], limited: ['free'], threshold: 0 };
  const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/company/settings/compliance', headers: { host: hostOf('acme'), 'x-auth-token': adminToken }, payload: rules });
  expect(saved.statusCode).toBe(200);
  const solar = await buildPost(t.db, acme, {
    title: 'Meet the Solar Tile',
    content: 'A roof that makes power and looks like a roof. It ships to ten countries this spring. Installation takes a day.',
    hashtags: ['SolarTile', 'CleanEnergy'],
    url: 'https://www.acme.example/solar-tile',
  });
  return { t, f, token: await sessionFor(t.db, member), adminToken, solar };
}

function ask(w: World, body: Record<string, unknown>, token: string = w.token, subdomain = 'acme') {
  // An empty token sends no session.
  return post(w.t.app, subdomain, CAPTION, { target_social_network: Network.LINKEDIN, tones: ['Friendly'], post_id: w.solar.id, caption: '', title: w.solar.title, ...body }, token);
}

async function captionOf(w: World, body: Record<string, unknown>): Promise<string> {
  const res = await ask(w, body);
  expect(res.statusCode, res.body).toBe(200);
  return AiCaptionResponse.parse(res.json()).caption;
}

describe('the embedded offline writer', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.t.close());

  it('writes a real caption from the title, the text and the hashtags, in the tone asked for', async () => {
    const caption = await captionOf(w, { tones: ['Professional'] });
    expect(caption).toContain('Meet the Solar Tile.');
    expect(caption).toContain('A roof that makes power');
    expect(caption).toMatch(/solar tile and clean energy/);
    // Professional works the job title in.
    expect(caption).toContain('As a Solar engineer');
    expect(caption).not.toBe(w.solar.content);
  });

  it('is deterministic, and each tone reads differently', async () => {
    const captions = new Map<AiTone, string>();
    for (const tone of AI_TONES) captions.set(tone, await captionOf(w, { tones: [tone] }));
    expect(new Set(captions.values()).size).toBe(AI_TONES.length);
    expect(await captionOf(w, { tones: ['Bold'] })).toBe(captions.get('Bold'));
  });

  it("uses the person's default tone when no tone is given, and accepts the network by name", async () => {
    expect(await captionOf(w, { tones: [], target_social_network: 'linkedin' })).toBe(await captionOf(w, { tones: ['Witty'] }));
  });

  it('fits X with the hashtags and the link the share adds', async () => {
    const caption = await captionOf(w, { target_social_network: 'TWITTER', tones: ['Enthusiastic'] });
    expect(captionLengthOn('twitter', w.solar, caption, []).over).toBe(false);
  });

  it('asks again without the terms when its first caption breaks the rules, and offers one that passes', async () => {
    const risky = await buildPost(w.t.db, { ...w.f.acme }, { title: 'Guaranteed returns on solar', content: 'Our miracle roof pays for itself.', hashtags: [] });
    const caption = await captionOf(w, { post_id: risky.id, title: risky.title, tones: ['Bold'] });
    const check = await post(w.t.app, 'acme', '/api/v2/compliance/validate', { post_id: risky.id, network_id: 3, content: caption, session_index: 'x' }, w.token);
    expect(check.json().type_id).toBe(null);
    expect(caption.toLowerCase()).not.toContain('guaranteed returns');
  });

  it('answers the AI error (202) when nothing it can write fits the network', async () => {
    const crowded = await buildPost(w.t.db, { ...w.f.acme }, { hashtags: Array.from({ length: 30 }, (_, i) => `LongHashtag${i}`) });
    const res = await ask(w, { post_id: crowded.id, target_social_network: Network.TWITTER });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: ErrorCode.UNKNOWN, message: AI_CAPTION_FAILED_MESSAGE });
  });

  describe('who may ask', () => {
    it.each<[string, Record<string, unknown>]>([
      ['an unknown tone', { tones: ['Angry'] }],
      ['an unknown network', { target_social_network: 'MYSPACE' }],
      ['a network that cannot be shared to', { target_social_network: Network.GOOGLE }],
      ['no post', { post_id: undefined }],
      ['a caption over 10,000 characters', { caption: 'x'.repeat(10_001) }],
    ])('refuses %s with 201', async (_name, body) => {
      const res = await ask(w, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    });

    it('refuses a person without AI consent, or without job title and goal (403)', async () => {
      const noConsent = await sessionFor(w.t.db, await buildUser(w.t.db, [{ company: w.f.acme }]));
      expect((await ask(w, {}, noConsent)).json().error).toBe(ErrorCode.FORBIDDEN);
      const incomplete = await buildUser(w.t.db, [{ company: w.f.acme, role: Role.MANAGER }], { settings: { ...DEFAULT_USER_SETTINGS, ai: { ...AI_SETTINGS, goal: '' } } });
      expect((await ask(w, {}, await sessionFor(w.t.db, incomplete))).json()).toEqual({ error: ErrorCode.FORBIDDEN, message: 'You need to fill out your job title and goal before you can use the AI feature' });
    });

    it('refuses native video (403), a network the post disables (653) and a post it cannot see (662)', async () => {
      const video = await buildPost(w.t.db, w.f.acme, { type: PostType.NATIVE_VIDEO });
      expect((await ask(w, { post_id: video.id })).json().error).toBe(ErrorCode.FORBIDDEN);
      const noLinkedIn = await buildPost(w.t.db, w.f.acme, { linkedin: false });
      expect((await ask(w, { post_id: noLinkedIn.id })).json().error).toBe(ErrorCode.NETWORK_DISABLED_FOR_POST);
      const globexPost = await buildPost(w.t.db, w.f.globex);
      expect((await ask(w, { post_id: globexPost.id })).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    });

    it('refuses a company with AI captions off (403)', async () => {
      const globexMember = await buildUser(w.t.db, [{ company: w.f.globex }], { settings: { ...DEFAULT_USER_SETTINGS, ai: AI_SETTINGS } });
      const globexPost = await buildPost(w.t.db, w.f.globex);
      const res = await ask(w, { post_id: globexPost.id }, await sessionFor(w.t.db, globexMember), 'globex');
      expect(res.json()).toMatchObject({ error: ErrorCode.FORBIDDEN, message: 'AI-assisted captions are turned off for your company.' });
    });

    it('refuses a member who has not confirmed their address (490)', async () => {
      const unconfirmed = await buildUser(w.t.db, [{ company: w.f.acme }], { emailConfirmedAt: null, settings: { ...DEFAULT_USER_SETTINGS, ai: AI_SETTINGS } });
      expect((await ask(w, {}, await sessionFor(w.t.db, unconfirmed))).json().error).toBe(ErrorCode.EMAIL_NOT_CONFIRMED);
    });

    it('answers 401 without a session and to a session of another company', async () => {
      expect((await ask(w, {}, '')).statusCode).toBe(401);
      expect((await ask(w, {}, w.token, 'globex')).statusCode).toBe(401);
    });
  });
});

describe('an OpenAI-compatible provider (local fake)', () => {
  let w: World;
  let ai: FakeOpenAiChat;
  beforeAll(async () => {
    ai = await startFakeOpenAiChat({ apiKey: 'sk-test' });
    w = await world({ AI_BASE_URL: ai.url, AI_API_KEY: 'sk-test', AI_MODEL: 'caption-model-1', CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' });
  });
  afterAll(async () => {
    await w.t.close();
    await ai.close();
  });

  it("sends the post, the tone, the network's limit and the person's job title and goal, and offers the answer", async () => {
    ai.reset();
    ai.answer('"Proud of the Solar Tile: a roof that makes power."');
    expect(await captionOf(w, { tones: ['Empathetic'], caption: 'My draft' })).toBe('Proud of the Solar Tile: a roof that makes power.');
    expect(ai.requests).toHaveLength(1);
    const [request] = ai.requests;
    expect(request).toMatchObject({ authorization: 'Bearer sk-test', model: 'caption-model-1' });
    const [system, user] = request?.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('LinkedIn');
    expect(system?.content).toContain('Tone: Empathetic.');
    expect(system?.content).toContain('Solar engineer');
    expect(system?.content).toContain('Grow my network in renewable energy');
    // 3000 minus the hashtag string and its space.
    expect(system?.content).toContain(`at most ${3000 - '#SolarTile #CleanEnergy'.length - 1} characters`);
    expect(user?.content).toContain('Title: Meet the Solar Tile');
    expect(user?.content).toContain('A roof that makes power');
    expect(user?.content).toContain('#SolarTile #CleanEnergy');
    expect(user?.content).toContain('My draft');
  });

  it('asks once more when the caption is too long, and offers the second', async () => {
    ai.reset();
    ai.answer('word '.repeat(700), 'Short and sweet.');
    expect(await captionOf(w, {})).toBe('Short and sweet.');
    expect(ai.requests).toHaveLength(2);
    expect(ai.requests[1]?.messages.at(-1)?.content).toContain('too long');
  });

  it('asks once more, naming the terms, when the caption breaks the rules', async () => {
    ai.reset();
    ai.answer('Guaranteed returns with every roof!', 'Every roof now makes power.');
    expect(await captionOf(w, {})).toBe('Every roof now makes power.');
    expect(ai.requests[1]?.messages.at(-1)?.content).toContain('guaranteed returns');
  });

  it('answers the AI error when the second caption fails too, and never a trimmed one', async () => {
    ai.reset();
    ai.answer('A miracle!', 'Still a miracle, and free.');
    const res = await ask(w, {});
    expect(res.json()).toEqual({ error: ErrorCode.UNKNOWN, message: AI_CAPTION_FAILED_MESSAGE });
    expect(ai.requests).toHaveLength(2);
  });

  it('answers the AI error when the provider fails, without retrying blindly', async () => {
    ai.reset();
    ai.answer(500);
    expect((await ask(w, {})).json()).toEqual({ error: ErrorCode.UNKNOWN, message: AI_CAPTION_FAILED_MESSAGE });
    expect(ai.requests).toHaveLength(1);
  });
});
