/**
 * The attack suite: every route the server registers (read from Fastify's route table as the
 * routes are added, the Teams bot endpoint included) is tried as an attacker would, against
 * the access class its definition in core (contract/routes.ts) declares, with the request route-table.ts holds for it:
 * - without a session (with an honest request, and with invalid input: authentication comes
 *   first), with a session of another company on this host (a Globex-only user's, and the
 *   Globex session of someone who is an Acme member too), and with an Acme session on the
 *   other company's host and on the assisted-login host: 401, our "sign in" code;
 * - as a member acting on another member's account, a plain user on a content creator's route,
 *   a plain user or content creator on a manager route, and anyone but an admin on an admin
 *   route: 403, our forbidden code;
 * - as a member who has not confirmed their e-mail address, on every route but the few the
 *   confirm-your-e-mail screen needs (declared `unconfirmed`): 403, our unconfirmed code 490;
 * - on every state-changing route, cross-site with the session cookie alone (no X-AUTH-TOKEN,
 *   `Origin: https://evil.example`, `Sec-Fetch-Site: cross-site`): 403, our forbidden code,
 *   except the routes declared to accept cross-site posts, which must let them through;
 * and a refused state-changing request changes nothing in the database. A control per
 * protected route shows the same request is let through for a caller the route admits, so the
 * refusals above come from the access check, not from a request that was wrong anyway.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createChorusBot } from '@chorus/bot';
import { AUTH_COOKIE, AUTH_HEADER, ErrorCode, ROUTES, Role, type RouteDefinition, type RouteKey } from '@chorus/core';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { createConversationStore } from '../../server/src/db/conversation-store.ts';
import type { Database } from '../../server/src/db/database.ts';
import { comments, type UserRow } from '../../server/src/db/schema.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../server/src/db/defaults.ts';
import { botRoutes } from '../../server/src/routes/bot/routes.ts';
import { hostOf, testConfig } from '../../server/src/test/app.ts';
import { openTestDatabase, type TestDatabase } from '../../server/src/test/database.ts';
import { buildTopic, buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';
import { ROUTE_TABLE, type Caller, type Fixture, type RouteEntry, type RouteRequest } from './route-table.ts';

const EVIL_ORIGIN = 'https://evil.example';

// ---------------------------------------------------------------------------------------------
// The table, read once: which entries are protected and which change state.

interface Declared extends RouteEntry, RouteDefinition {
  key: string;
  method: HTTPMethods;
  path: string;
}

const declared: Declared[] = (Object.keys(ROUTES) as RouteKey[]).map((key) => {
  const [method, routePath] = key.split(' ') as [HTTPMethods, string];
  return { ...(ROUTES[key] as RouteDefinition), ...ROUTE_TABLE[key], key, method, path: routePath };
});
const isProtected = (route: Declared) => route.access !== 'public';
/** Sign-out is a GET in the spec, and a link on another site must not sign anyone out: such GETs are marked csrfProtected. */
const changesState = (route: Declared) => (route.method !== 'GET' && route.method !== 'HEAD') || route.csrfProtected === true;

const protectedRoutes = declared.filter(isProtected);
/** Cross-site cases: each state-changing route (HEAD too where its GET changes state) without a declared exception. */
const crossSiteCases: { key: string; route: Declared; method: HTTPMethods }[] = declared
  .filter((route) => changesState(route) && route.crossSite === undefined)
  .flatMap((route) => {
    const cases = [{ key: route.key, route, method: route.method }];
    // Fastify answers HEAD with the GET handler, and a cross-site HEAD needs no form.
    if (route.method === 'GET') cases.push({ key: `HEAD ${route.path}`, route, method: 'HEAD' });
    return cases;
  });
const roleCases = protectedRoutes.flatMap((route) => {
  const refused: ('user' | 'creator' | 'manager' | 'other-member')[] =
    route.access === 'admin'
      ? ['user', 'creator', 'manager']
      : route.access === 'manager'
        ? ['user', 'creator']
        : route.access === 'creator'
          ? ['user']
          : route.access === 'self'
            ? ['other-member']
            : [];
  return refused.map((who) => ({ route, who }));
});
const controlRoutes = protectedRoutes.filter((route) => route.noControl === undefined);
/** Routes an unconfirmed member may call (the confirm-your-e-mail screen's); every other protected route refuses them. */
const unconfirmedAllowed = declared.filter((route) => route.unconfirmed !== undefined);
const unconfirmedRefused = protectedRoutes.filter((route) => route.unconfirmed === undefined);
/** Routes declared to accept cross-site requests: the CSRF rule must let them through. */
const crossSiteAccepted = declared.filter((route) => route.crossSite !== undefined);

// ---------------------------------------------------------------------------------------------
// One app and one database for the whole file.

let dir: string;
let testDb: TestDatabase;
let app: FastifyInstance;
let db: Database;
let tenants: Tenants;
let fixture: Fixture;
/** Extra Acme members with the roles the fixture lacks, and their sessions. */
let acmeManager: { user: UserRow; token: string };
let acmeCreator: { user: UserRow; token: string };
/** Every route Fastify registered, as `METHOD url`. */
const registered = new Set<string>();
/** The `config` of each registered route, by `METHOD url`. */
const routeConfig = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-attack-'));
  testDb = await openTestDatabase();
  db = testDb.handle.db;
  const config = testConfig(dir);
  const bot = createChorusBot({ store: createConversationStore(db), teamsAppId: config.teams.appId, tabEntityId: config.teams.tabEntityId });
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      registered.add(`${method} ${route.url}`);
      routeConfig.set(`${method} ${route.url}`, (route.config ?? {}) as Record<string, unknown>);
    }
  };
  // The app as main.ts builds it, bot endpoint included.
  app = await buildApp({ config, database: testDb.handle, notifier: bot.notifier, plugins: [botRoutes(bot)], logger: false, onRoute });
  await app.ready();

  tenants = await buildTenants(db);
  // Every feature on, so an honest request is refused only by the access check.
  const everything = Object.fromEntries(Object.keys(DEFAULT_FEATURE_TOGGLES).map((toggle) => [toggle, true])) as typeof DEFAULT_FEATURE_TOGGLES;
  await query('update companies set feature_toggles = $1::jsonb, self_sign_up_enabled = true where id = $2', [JSON.stringify(everything), tenants.acme.id]);
  const managerUser = await buildUser(db, [{ company: tenants.acme, role: Role.MANAGER }], { email: 'manager@acme.test' });
  const creatorUser = await buildUser(db, [{ company: tenants.acme, role: Role.CONTENT_CREATOR }], { email: 'creator@acme.test' });
  acmeManager = { user: managerUser, token: await sessionFor(db, managerUser, tenants.acme) };
  acmeCreator = { user: creatorUser, token: await sessionFor(db, creatorUser, tenants.acme) };
  const topic = await buildTopic(db, tenants.acme, 'Attack topic');
  const post = await buildPost(db, tenants.acme, { title: 'Attack post' }, { categories: [topic] });
  const [comment] = await db.insert(comments).values({ companyId: tenants.acme.id, postId: post.id, userId: tenants.acmeUser.id, content: 'A comment' }).returning();
  if (!comment) throw new Error('no comment');
  fixture = { acme: tenants.acme, globex: tenants.globex, acmeUser: tenants.acmeUser, acmeAdmin: tenants.acmeAdmin, postId: post.id, commentId: comment.id, categoryId: topic.id };
  fingerprintQuery = await buildFingerprintQuery();
});

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
  console.info(
    `attack suite: ${declared.length} routes (${registered.size} with Fastify's HEAD routes), ${protectedRoutes.length} needing a session; ${caseCount} cases (${crossSiteCases.length} cross-site)`,
  );
});

// ---------------------------------------------------------------------------------------------
// Requests.

interface Send {
  method: HTTPMethods;
  host: string;
  request: RouteRequest;
  token?: string;
  /** Send the token as the pb_token cookie only, cross-site. */
  crossSite?: boolean;
}

function multipart(fields: Record<string, string>): { body: string; type: string } {
  const boundary = '----chorus-attack-boundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

function send({ method, host, request, token, crossSite = false }: Send): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(host), accept: 'application/json' };
  if (token !== undefined && crossSite) {
    headers.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}`;
    headers.origin = EVIL_ORIGIN;
    headers['sec-fetch-site'] = 'cross-site';
  } else if (token !== undefined) {
    headers[AUTH_HEADER] = token;
    headers.origin = `http://${hostOf(host)}`;
    headers['sec-fetch-site'] = 'same-origin';
  }
  let payload: string | undefined;
  if (request.form !== undefined) {
    const form = multipart(request.form);
    payload = form.body;
    headers['content-type'] = form.type;
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  return app.inject({ method, url: request.url, headers, ...(payload === undefined ? {} : { payload }) });
}

function errorCodeOf(response: LightMyRequestResponse): unknown {
  try {
    return (JSON.parse(response.body) as { error?: unknown }).error;
  } catch {
    return undefined;
  }
}

function expectAnswer(response: LightMyRequestResponse, status: number, code: number, what: string): void {
  expect({ status: response.statusCode, error: errorCodeOf(response) }, `${what}: ${response.body.slice(0, 300)}`).toEqual({ status, error: code });
}

/**
 * A new Acme member with the least role the route admits, signed in, with what the route needs
 * (`unconfirmed`: one who has not yet followed the link mailed to confirm their address).
 */
async function freshCaller(route: Declared, options: { unconfirmed?: boolean } = {}): Promise<{ caller: Caller; token: string }> {
  const role = route.access === 'admin' ? Role.ADMIN : route.access === 'manager' ? Role.MANAGER : route.access === 'creator' ? Role.CONTENT_CREATOR : Role.USER;
  const user = await buildUser(db, [{ company: tenants.acme, role }], options.unconfirmed === true ? { emailConfirmedAt: null } : {});
  const caller: Caller = { user };
  if (route.setup === 'own-comment') {
    const [own] = await db.insert(comments).values({ companyId: tenants.acme.id, postId: fixture.postId, userId: user.id, content: 'My comment' }).returning();
    caller.ownCommentId = own?.id;
  }
  return { caller, token: await sessionFor(db, user, tenants.acme) };
}

// ---------------------------------------------------------------------------------------------
// "Nothing changed": a digest of every table's rows, but for the rate-limit counters and a
// session's last-seen time, which any request may move.

let fingerprintQuery: string;

/** A raw SQL query on the test database, whichever driver it runs on. */
async function query<T extends object>(text: string, params: unknown[] = []): Promise<T[]> {
  const driver = testDb.handle.driver;
  return driver.kind === 'pglite' ? (await driver.client.query<T>(text, params)).rows : (await driver.pool.query<T>(text, params)).rows;
}

async function buildFingerprintQuery(): Promise<string> {
  const columns = await query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position",
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (table === 'request_counters' || (table === 'sessions' && column === 'last_seen')) continue;
    tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  // A count and an order-free sum of row hashes: cheap, and any insert, update or delete shows.
  const digests = [...tables].map(([table, columns]) => {
    const row = columns.map((column) => `coalesce(t."${column}"::text, '∅')`).join(` || '|' || `);
    return `(select count(*) || ':' || coalesce(sum(hashtext(${row})::bigint), 0) from "${table}" t) as "${table}"`;
  });
  return `select ${digests.join(', ')}`;
}

async function fingerprint(): Promise<Record<string, string>> {
  const [row] = await query<Record<string, string>>(fingerprintQuery);
  if (!row) throw new Error('no fingerprint');
  return { ...row };
}

/**
 * Sends a request that must be refused with the given status and code, and checks that no
 * table changed (one assertion, so a failure tells both what came back and what it changed).
 */
async function expectRefusedUnchanged(request: () => Promise<LightMyRequestResponse>, status: number, code: number | undefined, what: string): Promise<void> {
  const before = await fingerprint();
  const response = await request();
  const after = await fingerprint();
  const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
  expect({ status: response.statusCode, error: errorCodeOf(response), changed }, `${what}: ${response.body.slice(0, 300)}`).toEqual({ status, error: code, changed: [] });
}

// ---------------------------------------------------------------------------------------------
// The cases.

let caseCount = 0;
/** A case of the suite (counted for the summary line). */
function attack(name: string, run: () => Promise<void> | void): void {
  caseCount += 1;
  it(name, run);
}

describe('route table', () => {
  attack(`declares every registered route, and only those (${declared.length} declared)`, () => {
    const covered = new Set<string>();
    for (const route of declared) {
      covered.add(route.key);
      // Fastify adds HEAD to every GET route.
      if (route.method === 'GET') covered.add(`HEAD ${route.path}`);
    }
    const undeclared = [...registered].filter((key) => !covered.has(key)).sort();
    const gone = declared.filter((route) => !registered.has(route.key)).map((route) => route.key).sort();
    expect(undeclared, `routes without a definition in core/src/contract/routes.ts (declare who may call them): ${undeclared.join(', ')}`).toEqual([]);
    expect(gone, `definitions in core/src/contract/routes.ts for routes that no longer exist: ${gone.join(', ')}`).toEqual([]);
    for (const route of declared) {
      if (route.access === 'public') expect(route.why, `${route.key}: say why it is public`).toBeTruthy();
      else expect(route.why, `${route.key}: only public routes give a reason`).toBeUndefined();
      if (route.crossSite !== undefined) expect(changesState(route), `${route.key}: crossSite is for state-changing routes`).toBe(true);
    }
  });

  attack('agrees with what routes declare in their config (state-changing GETs, cross-site posts)', () => {
    const marked = (flag: string) =>
      [...routeConfig]
        .filter(([key, config]) => config[flag] === true && !key.startsWith('HEAD '))
        .map(([key]) => key)
        .sort();
    // A GET its route marks as changing state is one the table treats so.
    const stateChangingGets = declared.filter((route) => route.method === 'GET' && changesState(route)).map((route) => route.key);
    expect(marked('csrfProtected').filter((key) => key.startsWith('GET ') && !stateChangingGets.includes(key)), 'GET routes marked csrfProtected in their config but not in their definition').toEqual([]);
    // A route that accepts cross-site posts says why in the table.
    const declaredCrossSite = crossSiteAccepted.map((route) => route.key);
    expect(marked('acceptsCrossSite').filter((key) => !declaredCrossSite.includes(key)), 'routes marked acceptsCrossSite: give the reason in their definition').toEqual([]);
    // The routes open to an unconfirmed member are exactly those the table says why for.
    expect(marked('allowUnconfirmed'), 'routes marked allowUnconfirmed and definitions with `unconfirmed` differ').toEqual(unconfirmedAllowed.map((route) => route.key).sort());
    for (const route of unconfirmedAllowed) expect(isProtected(route), `${route.key}: unconfirmed is for routes needing a session`).toBe(true);
  });
});

describe('no session, another company, another host: 401', () => {
  for (const route of protectedRoutes) {
    const me = (): Caller => ({ user: tenants.acmeUser });
    attack(`${route.key} without a session`, async () => {
      const request = () => send({ method: route.method, host: 'acme', request: route.request(fixture, me()) });
      if (changesState(route)) await expectRefusedUnchanged(request, 401, ErrorCode.NOT_SIGNED_IN, 'no session');
      else expectAnswer(await request(), 401, ErrorCode.NOT_SIGNED_IN, 'no session');
    });
    attack(`${route.key} without a session, with invalid input (authentication comes first)`, async () => {
      const request = route.request(fixture, me());
      const nonsense: RouteRequest = {
        url: request.url.replace(/\/\d+(?=\/|\?|$)/g, '/0').replace(/\?.*$/, '') + '?page_num=-1',
        ...(request.body === undefined && request.form === undefined ? {} : { body: { nonsense: true } }),
      };
      expectAnswer(await send({ method: route.method, host: 'acme', request: nonsense }), 401, ErrorCode.NOT_SIGNED_IN, 'no session, invalid input');
    });
    attack(`${route.key} with a Globex session on Acme's host`, async () => {
      const request = route.request(fixture, { user: tenants.globexUser });
      expectAnswer(await send({ method: route.method, host: 'acme', request, token: tenants.tokens.globexUser }), 401, ErrorCode.NOT_SIGNED_IN, 'Globex session on acme');
    });
    attack(`${route.key} with the Globex session of an Acme member on Acme's host`, async () => {
      // multi is a member of Acme too, and a manager in Globex: their Globex session still counts for Globex only.
      const request = route.request(fixture, { user: tenants.multi });
      expectAnswer(await send({ method: route.method, host: 'acme', request, token: tenants.tokens.multiGlobex }), 401, ErrorCode.NOT_SIGNED_IN, 'Globex session of a member on acme');
    });
    attack(`${route.key} with an Acme session on Globex's host`, async () => {
      // multi belongs to both companies: their Acme session still counts for Acme only.
      const request = route.request(fixture, { user: tenants.multi });
      expectAnswer(await send({ method: route.method, host: 'globex', request, token: tenants.tokens.multi }), 401, ErrorCode.NOT_SIGNED_IN, 'Acme session on globex');
    });
    attack(`${route.key} with an Acme session on the assisted-login host`, async () => {
      // The app. host has no company: no session of any company counts there.
      const request = route.request(fixture, { user: tenants.acmeAdmin });
      expectAnswer(await send({ method: route.method, host: 'app', request, token: tenants.tokens.acmeAdmin }), 401, ErrorCode.NOT_SIGNED_IN, 'Acme session on app');
    });
  }
});

describe('a lower role or another member: 403', () => {
  for (const { route, who } of roleCases) {
    attack(`${route.key} as ${who === 'other-member' ? "a member, on another member's account" : `an Acme ${who}`}`, async () => {
      const [caller, token] =
        who === 'user'
          ? [tenants.acmeUser, tenants.tokens.acmeUser]
          : who === 'creator'
            ? [acmeCreator.user, acmeCreator.token]
            : who === 'manager'
              ? [acmeManager.user, acmeManager.token]
              : // The path names the admin's account; the session is a plain member's.
                [tenants.acmeAdmin, tenants.tokens.acmeUser];
      await expectRefusedUnchanged(() => send({ method: route.method, host: 'acme', request: route.request(fixture, { user: caller }), token }), 403, ErrorCode.FORBIDDEN, who);
    });
  }
});

describe('control: the same requests are let through for a caller the route admits', () => {
  for (const route of controlRoutes) {
    const admitted = route.access === 'admin' ? 'admin' : route.access === 'manager' ? 'manager' : route.access === 'creator' ? 'content creator' : 'member';
    attack(`${route.key} as a new Acme ${admitted}`, async () => {
      const { caller, token } = await freshCaller(route);
      const response = await send({ method: route.method, host: 'acme', request: route.request(fixture, caller), token });
      const refused = response.statusCode === 401 || (response.statusCode === 403 && errorCodeOf(response) === ErrorCode.FORBIDDEN);
      expect(refused, `${route.key} refused an admitted caller: ${response.statusCode} ${response.body.slice(0, 300)}`).toBe(false);
    });
  }
});

describe('a member who has not confirmed their address: 490 everywhere but the confirm screen\'s calls', () => {
  for (const route of unconfirmedRefused) {
    attack(`${route.key} as an unconfirmed member`, async () => {
      // Their own honest request (own account, own comment, the least role the route admits).
      const { caller, token } = await freshCaller(route, { unconfirmed: true });
      await expectRefusedUnchanged(() => send({ method: route.method, host: 'acme', request: route.request(fixture, caller), token }), 403, ErrorCode.EMAIL_NOT_CONFIRMED, 'unconfirmed');
    });
  }
  for (const route of unconfirmedAllowed) {
    attack(`${route.key} as an unconfirmed member (${route.unconfirmed})`, async () => {
      const { caller, token } = await freshCaller(route, { unconfirmed: true });
      const response = await send({ method: route.method, host: 'acme', request: route.request(fixture, caller), token });
      expect({ status: response.statusCode, error: errorCodeOf(response) }, `${route.key}: ${response.body.slice(0, 300)}`).toMatchObject({ status: 200 });
    });
  }
});

describe('cross-site with the session cookie alone: 403, nothing changed', () => {
  for (const { key, route, method } of crossSiteCases) {
    attack(`${key}`, async () => {
      // A victim of their own, so a request that gets through harms no other case.
      const { caller, token } = await freshCaller(route);
      const request = route.request(fixture, caller);
      // A HEAD answer has no body to carry the code.
      await expectRefusedUnchanged(() => send({ method, host: 'acme', request, token, crossSite: true }), 403, method === 'HEAD' ? undefined : ErrorCode.FORBIDDEN, 'cross-site, cookie only');
    });
  }
});

describe('declared cross-site routes: let through cross-site', () => {
  for (const route of crossSiteAccepted) {
    attack(`${route.key} (${route.crossSite})`, async () => {
      // Such a route never reads the session: cross-site with a cookie, it answers as it does to anyone.
      const { caller, token } = await freshCaller(route);
      const request = route.request(fixture, caller);
      const plain = await send({ method: route.method, host: 'acme', request });
      const crossSite = await send({ method: route.method, host: 'acme', request, token, crossSite: true });
      expect({ status: crossSite.statusCode, error: errorCodeOf(crossSite) }, `${route.key} cross-site: ${crossSite.body.slice(0, 300)}`).toEqual({
        status: plain.statusCode,
        error: errorCodeOf(plain),
      });
    });
  }
});
