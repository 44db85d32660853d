/**
 * Finding 3: with BOT_APP_ID unset (the default, production included) the bot endpoint took
 * any activity and posted its reply to whatever `serviceUrl` the activity named. Now the
 * endpoint is off in production without the bot's credentials, `serviceUrl` must be a Bot
 * Framework channel host (loopback only outside production), and the endpoint is rate limited.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChorusBot, type ConversationStore, type StoredConversation } from '@chorus/bot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SERVICE_URL_HOSTS } from '../../server/src/config.ts';
import { RATE_LIMIT_WINDOW_MS } from '../../server/src/plugins/rate-limit.ts';
import { botRoutes, botServiceUrlRule, serviceUrlAllowed } from '../../server/src/routes/bot/routes.ts';
import { createTestContext, type TestContext } from '../../server/src/test/app.ts';
import { startFakeBotConnector, type FakeBotConnector } from '../fakes/bot-connector.ts';

const TENANT = '7e4a7c1e-0000-4000-8000-0000000000bb';
/** Not loopback as far as the bot is concerned, yet it reaches a listener on this machine. */
const ELSEWHERE = '127.0.0.2';

class MemoryStore implements ConversationStore {
  readonly rows = new Map<string, StoredConversation>();
  async upsert(conversation: StoredConversation): Promise<void> {
    this.rows.set(conversation.conversationId, conversation);
  }
  async remove(conversationId: string): Promise<void> {
    this.rows.delete(conversationId);
  }
  async listByTenant(tenant: string): Promise<StoredConversation[]> {
    return [...this.rows.values()].filter((row) => row.tenantId === tenant);
  }
}

function botPlugin(credentials: { appId?: string; appPassword?: string } = {}) {
  return botRoutes(createChorusBot({ store: new MemoryStore(), teamsAppId: randomUUID(), tabEntityId: 'chorus-home', ...credentials }));
}

function message(serviceUrl: string): Record<string, unknown> {
  const user = randomUUID();
  return {
    type: 'message',
    id: randomUUID(),
    text: 'hello',
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl,
    from: { id: `29:${user}`, aadObjectId: user, name: 'Mallory' },
    recipient: { id: '28:chorus-bot', name: 'Chorus' },
    conversation: { id: `a:${randomUUID()}`, conversationType: 'personal', tenantId: TENANT },
    channelData: { tenant: { id: TENANT } },
    locale: 'en-US',
  };
}

function postActivity(t: TestContext, activity: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/messages', headers: { host: 'bot.chorus.example', 'content-type': 'application/json' }, payload: JSON.stringify(activity) });
}

const API_LIMIT = 4;
const logLines: string[] = [];
let listener: Server;
let listenerHits: string[];
let elsewhereUrl: string;
let connector: FakeBotConnector;
let development: TestContext;
let productionWithout: TestContext;
let productionWith: TestContext;

beforeAll(async () => {
  listenerHits = [];
  listener = createServer((request, response) => {
    listenerHits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"id":"1"}');
  });
  await new Promise<void>((resolve) => listener.listen(0, ELSEWHERE, resolve));
  elsewhereUrl = `http://${ELSEWHERE}:${(listener.address() as AddressInfo).port}/`;
  connector = await startFakeBotConnector();
  development = await createTestContext({ env: { CHORUS_RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT) }, app: { plugins: [botPlugin()] } });
  productionWithout = await createTestContext({
    production: true,
    env: { LOG_LEVEL: 'warn' },
    app: { plugins: [botPlugin()], logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
  });
  productionWith = await createTestContext({
    production: true,
    env: { BOT_APP_ID: randomUUID(), BOT_APP_PASSWORD: 'secret' },
    app: { plugins: [botPlugin({ appId: randomUUID(), appPassword: 'secret' })] },
  });
});
afterAll(async () => {
  for (const t of [development, productionWithout, productionWith]) await t.close();
  await connector.close();
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
});
// Rate-limit counts restart with each window; start each test well inside one.
beforeEach(async () => {
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < 8000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}, 15_000);

describe('serviceUrlAllowed', () => {
  it.each([
    ['https://smba.trafficmanager.net/amer/', false, true],
    ['https://smba.trafficmanager.net/teams/', true, true],
    ['https://smba.infra.gcc.teams.microsoft.com/teams', true, true],
    ['https://europe.webchat.botframework.com/', true, true],
    ['http://smba.trafficmanager.net/amer/', true, false],
    ['https://smba.trafficmanager.net.evil.example/', true, false],
    ['https://botframework.com.evil.example/', true, false],
    ['https://evilbotframework.com/', true, false],
    ['https://user:pw@smba.trafficmanager.net/', true, false],
    ['http://127.0.0.1:3978/', false, true],
    ['http://localhost:3978/', false, true],
    ['http://[::1]:3978/', false, true],
    ['http://127.0.0.1:3978/', true, false],
    ['http://127.0.0.2:3978/', false, false],
    ['http://169.254.169.254/latest/meta-data/', false, false],
    ['not a url', false, false],
  ])('%s (production: %s) is allowed: %s', (url, production, allowed) => {
    expect(serviceUrlAllowed(url, DEFAULT_BOT_SERVICE_URL_HOSTS, production)).toBe(allowed);
  });

  it('refuses an activity without a serviceUrl', () => {
    expect(serviceUrlAllowed(undefined, DEFAULT_BOT_SERVICE_URL_HOSTS, false)).toBe(false);
  });
});

describe('finding 3: the bot endpoint posts only to Bot Framework', () => {
  it('does not post to a serviceUrl outside the allow-list (403), and still answers a loopback connector in development', async () => {
    const refused = await postActivity(development, message(elsewhereUrl));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(403);
    expect(listenerHits).toEqual([]);

    const answered = await postActivity(development, message(connector.url));
    expect(answered.statusCode).toBe(200);
    expect(connector.received).toHaveLength(1);
  });

  it('is not served in production without the bot credentials, and says why at start-up', async () => {
    const res = await postActivity(productionWithout, message(elsewhereUrl));
    expect(res.statusCode).toBe(404);
    expect(listenerHits).toEqual([]);
    const warning = logLines.map((line) => JSON.parse(line) as { level: number; msg: string }).find((line) => line.msg.includes('/api/messages'));
    expect(warning).toMatchObject({ level: 40 });
    expect(warning?.msg).toContain('BOT_APP_ID and BOT_APP_PASSWORD');
  });

  it('refuses loopback in production even with credentials, before anything is sent', async () => {
    const before = connector.received.length;
    const res = await postActivity(productionWith, message(connector.url));
    expect(res.statusCode).toBe(403);
    expect(connector.received).toHaveLength(before);
  });

  it('never notifies a conversation stored with a service URL outside the allow-list, and forgets it', async () => {
    const store = new MemoryStore();
    const stored = (conversationId: string, serviceUrl: string): StoredConversation => ({
      conversationId,
      tenantId: TENANT,
      serviceUrl,
      aadObjectId: randomUUID(),
      locale: 'en-US',
      reference: { conversation: { id: conversationId, conversationType: 'personal', tenantId: TENANT }, channelId: 'msteams', bot: { id: '28:chorus-bot', name: 'Chorus' } },
    });
    await store.upsert(stored('a:planted', elsewhereUrl));
    await store.upsert(stored('a:honest', connector.url));
    const bot = createChorusBot({ store, teamsAppId: randomUUID(), tabEntityId: 'chorus-home', serviceUrlAllowed: botServiceUrlRule(development.config) });
    const before = connector.received.length;
    const result = await bot.notifier.notifyNewPost(TENANT, { id: 1, title: 'Launch', summary: 'We launched.', imageUrl: null, topic: null });
    expect(result).toEqual({ sent: 1, failed: 1 });
    expect(listenerHits).toEqual([]);
    expect(connector.received).toHaveLength(before + 1);
    expect([...store.rows.keys()]).toEqual(['a:honest']);
  });

  it('is rate limited like the rest of the API', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < API_LIMIT + 1; i += 1) statuses.push((await postActivity(development, message(elsewhereUrl))).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(listenerHits).toEqual([]);
  });
});
