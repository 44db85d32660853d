/**
 * The bot end to end inside the server: an install activity posted to /api/messages is stored
 * in the database, and a post going live reaches the installation as an Adaptive Card through
 * the real job system, the real CloudAdapter and a local fake Bot Connector service.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createChorusBot } from '@chorus/bot';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { createConversationStore } from '../../server/src/db/conversation-store.ts';
import { teamsConversations } from '../../server/src/db/schema.ts';
import { announceDuePosts } from '../../server/src/jobs/announce-due-posts.ts';
import { startJobRunner, type JobRunner } from '../../server/src/jobs/job-runner.ts';
import { botRoutes } from '../../server/src/routes/bot/routes.ts';
import { testConfig } from '../../server/src/test/app.ts';
import { openTestDatabase, type TestDatabase } from '../../server/src/test/database.ts';
import { buildTopic, buildCompany, buildPost } from '../../server/src/test/factories.ts';
import { startFakeBotConnector, type FakeBotConnector } from '../fakes/bot-connector.ts';

const TENANT = '7e4a7c1e-0000-4000-8000-0000000000aa';
const TEAMS_APP_ID = '11111111-2222-4333-8444-555555555555';

let dir: string;
let testDb: TestDatabase;
let connector: FakeBotConnector;
let app: FastifyInstance;
let jobs: JobRunner;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-bot-'));
  testDb = await openTestDatabase();
  connector = await startFakeBotConnector();
  const config = testConfig(dir, { TEAMS_APP_ID });
  const bot = createChorusBot({
    store: createConversationStore(testDb.handle.db),
    teamsAppId: config.teams.appId,
    tabEntityId: config.teams.tabEntityId,
  });
  jobs = await startJobRunner({ database: testDb.handle, config, work: true, notifier: bot.notifier, log: pino({ level: 'silent' }) });
  app = await buildApp({ config, database: testDb.handle, jobs, notifier: bot.notifier, plugins: [botRoutes(bot)], logger: false });
});

afterAll(async () => {
  await app.close();
  await jobs.stop();
  await connector.close();
  await testDb.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Teams bot in the server', () => {
  it('stores the installation, then announces a post that goes live with a card opening it in the tab', async () => {
    const db = testDb.handle.db;
    const acme = await buildCompany(db, { subdomain: 'acme', teamsTenantId: TENANT });
    const topic = await buildTopic(db, acme, 'Product news');
    const old = await buildPost(db, acme, { title: 'Old news', announcedAt: new Date() }, { categories: [topic], hoursAgo: 5 });
    const fresh = await buildPost(db, acme, { title: 'Acme launches Chorus' }, { categories: [topic] });

    const conversationId = `a:${randomUUID()}`;
    const userAadId = randomUUID();
    const install = await app.inject({
      method: 'POST',
      url: '/api/messages',
      // Bot Framework calls one public URL, not a company subdomain.
      headers: { host: 'bot.chorus.example', 'content-type': 'application/json' },
      payload: {
        type: 'installationUpdate',
        action: 'add',
        id: randomUUID(),
        timestamp: new Date().toISOString(),
        channelId: 'msteams',
        serviceUrl: connector.url,
        from: { id: `29:${userAadId}`, aadObjectId: userAadId, name: 'Ada Lovelace' },
        recipient: { id: '28:chorus-bot', name: 'Chorus' },
        conversation: { id: conversationId, conversationType: 'personal', tenantId: TENANT },
        channelData: { tenant: { id: TENANT } },
        locale: 'en-US',
      },
    });
    expect(install.statusCode).toBe(200);
    const stored = await db.select().from(teamsConversations);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ conversationId, tenantId: TENANT, aadObjectId: userAadId, locale: 'en-US' });

    const announced = await announceDuePosts({ db, jobs });
    expect(announced).toEqual([fresh.id]);
    expect(announced).not.toContain(old.id);
    expect(await announceDuePosts({ db, jobs })).toEqual([]);

    const delivery = await waitFor(
      () => connector.received.find((r) => r.conversationId === conversationId && Array.isArray(r.activity.attachments)),
      20_000,
    );
    const attachments = delivery.activity.attachments as { contentType: string; content: Record<string, unknown> }[];
    const card = attachments[0];
    expect(card?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card?.content.version).toBe('1.5');
    expect(JSON.stringify(card?.content.body)).toContain('Acme launches Chorus');
    const open = (card?.content.actions as { type: string; url: string }[]).find((a) => a.type === 'Action.OpenUrl');
    expect(open).toBeDefined();
    const url = new URL(open?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`https://teams.microsoft.com/l/entity/${TEAMS_APP_ID}/chorus-home`);
    expect(JSON.parse(url.searchParams.get('context') ?? '{}')).toEqual({ subEntityId: `post:${fresh.id}` });
    expect(connector.received.filter((r) => r.conversationId === conversationId && Array.isArray(r.activity.attachments))).toHaveLength(1);
  });
});
