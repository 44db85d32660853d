import type { NotifiedPost, Notifier, NotifyResult } from '@chorus/bot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RoutePlugin } from './app.ts';
import { serve } from './lib/serve.ts';
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
      serve(app, 'POST /api/messages', async () => ({ hasNotifier: ctx.notifier === notifier }));
    };
    const app = await buildApp({ config: t.config, database: t.database, notifier, plugins: [messages], logger: false });
    const res = await app.inject({ method: 'POST', url: '/api/messages', headers: { host: 'bot.tunnel.example', 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasNotifier: true });
    expect(app.chorus.notifier).toBe(notifier);
    await app.close();
  });

  it('refuses to start with a route that is not defined in core, or registered around serve()', async () => {
    const undefinedRoute: RoutePlugin = async (app) => {
      app.get('/api/v1/not-defined', async () => ({ ok: true }));
    };
    await expect(buildApp({ config: t.config, database: t.database, plugins: [undefinedRoute], logger: false })).rejects.toThrow(
      'GET /api/v1/not-defined is not registered through serve() with its definition in core/src/contract/routes.ts',
    );
    // A defined path registered by hand, without its definition's settings, is refused too.
    const aroundServe: RoutePlugin = async (app) => {
      app.post('/api/messages', { config: { tenantOptional: true } }, async () => ({ ok: true }));
    };
    await expect(buildApp({ config: t.config, database: t.database, plugins: [aroundServe], logger: false })).rejects.toThrow('POST /api/messages is not registered through serve()');
  });

  it("gives each route its definition's settings: an unconfirmed member reaches only the routes that say why", async () => {
    const configs = new Map<string, unknown>();
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      onRoute: (route) => {
        if (route.method !== 'HEAD') configs.set(`${String(route.method)} ${route.url}`, route.config);
      },
    });
    expect(configs.get('GET /api/v1/config/info')).toMatchObject({ routeKey: 'GET /api/v1/config/info', allowUnconfirmed: true });
    expect(configs.get('GET /api/v4/post/feed')).not.toHaveProperty('allowUnconfirmed');
    expect(configs.get('POST /api/v1/auth/saml/callback')).toMatchObject({ acceptsCrossSite: true });
    expect(configs.get('POST /api/v1/track/analytics')).toMatchObject({ retiresCaches: false });
    expect(configs.get('GET /api/v1/post/dismiss/:id')).toMatchObject({ writesData: true, csrfProtected: true });
    await app.close();
  });
});
