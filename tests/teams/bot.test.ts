import { randomUUID } from 'node:crypto';
import { createChorusBot, type ChorusBot, type ConversationStore, type NotifiedPost, type StoredConversation } from '@chorus/bot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeBotConnector, type FakeBotConnector, type ReceivedActivity } from '../fakes/bot-connector.ts';

/**
 * The real botbuilder CloudAdapter, driven through the bot's `process` with Bot Framework
 * activity JSON, answering to a local fake Bot Connector service.
 */

const teamsAppId = '6f1d0c2e-4a3b-4c5d-8e9f-0a1b2c3d4e5f';
const tabEntityId = 'chorus-home';
const tenantId = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const botId = '28:chorus-bot';

/** The port as the server's database would implement it, kept in memory for these tests. */
class MemoryConversationStore implements ConversationStore {
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

interface ActivityOverrides {
  conversationId?: string;
  locale?: string;
  tenant?: string;
  userAadId?: string;
  [key: string]: unknown;
}

let connector: FakeBotConnector;
let store: MemoryConversationStore;
let bot: ChorusBot;

/** A Teams personal-scope activity as the Bot Connector posts it to `/api/messages`. */
function teamsActivity(type: string, overrides: ActivityOverrides = {}): Record<string, unknown> {
  const { conversationId = `a:${randomUUID()}`, locale = 'en-US', tenant = tenantId, userAadId = randomUUID(), ...rest } = overrides;
  return {
    type,
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl: connector.url,
    from: { id: `29:${userAadId}`, aadObjectId: userAadId, name: 'Ada Lovelace' },
    recipient: { id: botId, name: 'Chorus' },
    conversation: { id: conversationId, conversationType: 'personal', tenantId: tenant },
    channelData: { tenant: { id: tenant } },
    locale,
    ...rest,
  };
}

async function post(body: unknown): Promise<{ status: number; body?: unknown }> {
  return bot.process({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

async function install(overrides: ActivityOverrides = {}): Promise<string> {
  const activity = teamsActivity('installationUpdate', { action: 'add', ...overrides });
  const response = await post(activity);
  expect(response.status).toBe(200);
  const conversation = activity.conversation as { id: string };
  return conversation.id;
}

const samplePost: NotifiedPost = {
  id: 123,
  title: 'Our new office opens in Montréal',
  summary: 'We are opening a new office downtown. Share the news with your network!',
  imageUrl: 'https://cdn.example.com/posts/123.png',
  topic: 'Company news',
};

interface CardAction {
  type: string;
  title: string;
  url: string;
}

interface Card {
  $schema: string;
  type: string;
  version: string;
  body: { type: string; text?: string; url?: string }[];
  actions: CardAction[];
}

function cardOf(received: ReceivedActivity | undefined): Card {
  const attachments = received?.activity.attachments as { contentType: string; content: Card }[] | undefined;
  const [attachment] = attachments ?? [];
  expect(attachment?.contentType).toBe('application/vnd.microsoft.card.adaptive');
  if (!attachment) {
    throw new Error('The activity carries no attachment');
  }
  return attachment.content;
}

beforeAll(async () => {
  connector = await startFakeBotConnector();
});

afterAll(async () => {
  await connector.close();
});

beforeEach(() => {
  connector.reset();
  store = new MemoryConversationStore();
  bot = createChorusBot({ store, teamsAppId, tabEntityId });
});

describe('installation', () => {
  it('stores the conversation reference when the app is installed', async () => {
    const userAadId = randomUUID();
    const conversationId = await install({ userAadId, locale: 'de-DE' });

    const stored = store.rows.get(conversationId);
    expect(stored).toMatchObject({
      conversationId,
      tenantId,
      aadObjectId: userAadId,
      serviceUrl: connector.url,
      locale: 'de-DE',
    });
    expect(stored?.reference).toMatchObject({
      channelId: 'msteams',
      serviceUrl: connector.url,
      conversation: { id: conversationId, tenantId },
      bot: { id: botId },
      user: { id: `29:${userAadId}` },
    });
  });

  it('takes the tenant from channelData when the conversation has none', async () => {
    const activity = teamsActivity('installationUpdate', { action: 'add' });
    const conversation = activity.conversation as { id: string; tenantId?: string };
    delete conversation.tenantId;
    expect((await post(activity)).status).toBe(200);
    expect(store.rows.get(conversation.id)?.tenantId).toBe(tenantId);
  });

  it('forgets the conversation when the app is uninstalled', async () => {
    const conversationId = await install();
    const other = await install();

    const response = await post(teamsActivity('installationUpdate', { action: 'remove', conversationId }));

    expect(response.status).toBe(200);
    expect(store.rows.has(conversationId)).toBe(false);
    expect(store.rows.has(other)).toBe(true);
  });

  it('welcomes the user and stores the reference when the bot joins the conversation', async () => {
    const conversationId = `a:${randomUUID()}`;
    const response = await post(
      teamsActivity('conversationUpdate', { conversationId, locale: 'es-ES', membersAdded: [{ id: botId }] }),
    );

    expect(response.status).toBe(200);
    expect(store.rows.get(conversationId)?.locale).toBe('es-ES');
    expect(connector.received).toHaveLength(1);
    const card = cardOf(connector.received[0]);
    expect(card.version).toBe('1.5');
    expect(card.body[0]?.text).toBe('Te damos la bienvenida a Chorus');
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Abrir Chorus', url: `https://teams.microsoft.com/l/entity/${teamsAppId}/${tabEntityId}` },
    ]);
  });

  it('does nothing when someone other than the bot joins', async () => {
    const response = await post(teamsActivity('conversationUpdate', { membersAdded: [{ id: '29:someone-else' }] }));

    expect(response.status).toBe(200);
    expect(store.rows.size).toBe(0);
    expect(connector.received).toHaveLength(0);
  });
});

describe('messages', () => {
  it('answers any message with a help card replying to it', async () => {
    const activity = teamsActivity('message', { text: 'hello', locale: 'fr-CA' });

    const response = await post(activity);

    expect(response.status).toBe(200);
    expect(connector.received).toHaveLength(1);
    const [reply] = connector.received;
    expect(reply?.replyToId).toBe(activity.id);
    expect(reply?.conversationId).toBe((activity.conversation as { id: string }).id);
    const card = cardOf(reply);
    expect(card.body.map((element) => element.text)).toEqual([
      'Comment fonctionne Chorus',
      expect.stringContaining('ouvrez Chorus'),
    ]);
    expect(card.actions[0]).toMatchObject({ type: 'Action.OpenUrl', title: 'Ouvrir Chorus' });
  });

  it('refuses requests that are not a POST of an activity', async () => {
    expect((await bot.process({ method: 'GET', headers: {}, body: undefined })).status).toBe(405);
    expect((await bot.process({ method: 'POST', headers: {}, body: 'not json' })).status).toBe(400);
  });

  it('rejects unauthenticated requests when an app id is configured', async () => {
    const secured = createChorusBot({ store, teamsAppId, tabEntityId, appId: randomUUID(), appPassword: 'secret' });
    // botbuilder logs the refusal itself; keep the test output clean.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const response = await secured.process({ method: 'POST', headers: {}, body: teamsActivity('message', { text: 'hi' }) });

    expect(response.status).toBe(401);
    expect(connector.received).toHaveLength(0);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

describe('new post notifications', () => {
  it('delivers an Adaptive Card 1.5 that deep-links to the post in the tab', async () => {
    const conversationId = await install();

    const result = await bot.notifier.notifyNewPost(tenantId, samplePost);

    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(connector.received).toHaveLength(1);
    const [delivered] = connector.received;
    expect(delivered?.conversationId).toBe(conversationId);
    expect(delivered?.activity.type).toBe('message');
    const card = cardOf(delivered);
    expect(card.$schema).toBe('http://adaptivecards.io/schemas/adaptive-card.json');
    expect(card.type).toBe('AdaptiveCard');
    expect(card.version).toBe('1.5');
    expect(card.body.map((element) => element.text ?? element.url)).toEqual([
      'New post published',
      samplePost.title,
      'Topic: Company news',
      samplePost.imageUrl,
      samplePost.summary,
    ]);

    const [action] = card.actions;
    expect(action?.type).toBe('Action.OpenUrl');
    expect(action?.title).toBe('Open post');
    const url = new URL(action?.url ?? '');
    expect(url.origin).toBe('https://teams.microsoft.com');
    expect(url.pathname).toBe(`/l/entity/${teamsAppId}/${tabEntityId}`);
    expect(JSON.parse(url.searchParams.get('context') ?? '')).toEqual({ subEntityId: 'post:123' });
  });

  it('speaks the language of the installation', async () => {
    await install({ locale: 'fr-CA' });

    await bot.notifier.notifyNewPost(tenantId, samplePost);

    const card = cardOf(connector.received[0]);
    expect(card.actions[0]?.title).toBe('Ouvrir la publication');
    expect(card.body[0]?.text).toBe('Nouvelle publication disponible');
    expect(card.body[2]?.text).toBe('Sujet : Company news');
  });

  it('falls back to en-US for a locale Chorus does not ship', async () => {
    await install({ locale: 'ja-JP' });

    await bot.notifier.notifyNewPost(tenantId, samplePost);

    expect(cardOf(connector.received[0]).actions[0]?.title).toBe('Open post');
  });

  it('reaches only the installations of the given tenant', async () => {
    const ours = await install();
    await install({ tenant: randomUUID() });

    const result = await bot.notifier.notifyNewPost(tenantId, samplePost);

    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(connector.received.map((received) => received.conversationId)).toEqual([ours]);
  });

  it.each([403, 404])('forgets a conversation the connector answers %i for and keeps notifying the others', async (status) => {
    const gone = await install();
    const first = await install();
    const last = await install();
    connector.failConversation(gone, status);

    const result = await bot.notifier.notifyNewPost(tenantId, samplePost);

    expect(result).toEqual({ sent: 2, failed: 1 });
    expect(store.rows.has(gone)).toBe(false);
    expect(store.rows.has(first)).toBe(true);
    expect(store.rows.has(last)).toBe(true);
    expect(connector.received.map((received) => received.conversationId).sort()).toEqual([first, last].sort());
  });

  // 400 rather than 5xx: the connector client retries server errors with back-off.
  it('counts any other connector error as failed without forgetting the conversation', async () => {
    const conversationId = await install();
    connector.failConversation(conversationId, 400);

    const result = await bot.notifier.notifyNewPost(tenantId, samplePost);

    expect(result).toEqual({ sent: 0, failed: 1 });
    expect(store.rows.has(conversationId)).toBe(true);
  });

  it('reports nothing sent when the tenant has no installation', async () => {
    expect(await bot.notifier.notifyNewPost(randomUUID(), samplePost)).toEqual({ sent: 0, failed: 0 });
  });
});
