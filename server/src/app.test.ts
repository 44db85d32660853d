import type { NotifiedPost, Notifier, NotifyResult } from '@chorus/bot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RoutePlugin } from './app.ts';
import { createTestContext, type TestContext } from './test/app.ts';

/** A Notifier that accepts everything: the Teams boundary, faked at our own port. */
class AcceptingNotifier implements Notifier {
  async notifyNewPost(_tenantId: string, _post: NotifiedPost): Promise<NotifyResult> {
    return { sent: 0, failed: 0 };
  }
}

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('buildApp', () => {
  it('registers extra route plugins with the shared context, on any host when marked tenant-optional', async () => {
    const notifier = new AcceptingNotifier();
    const messages: RoutePlugin = async (app, { ctx }) => {
      app.post('/api/messages', { config: { tenantOptional: true } }, async () => ({ hasNotifier: ctx.notifier === notifier }));
    };
    const app = await buildApp({ config: t.config, database: t.database, notifier, plugins: [messages], logger: false });
    const res = await app.inject({ method: 'POST', url: '/api/messages', headers: { host: 'bot.tunnel.example', 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasNotifier: true });
    expect(app.chorus.notifier).toBe(notifier);
    await app.close();
  });
});
