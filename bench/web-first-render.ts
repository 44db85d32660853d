/**
 * The web budget as a browser sees it: the real server (a child, on a fresh PGlite data folder
 * that it seeds with the demo data) serves a snapshot of the web build, Debian's Chromium signs
 * in as the demo user and opens the feed, and every JavaScript file the page fetched until the
 * network is quiet is recorded: the entry script, its modulepreloads and static imports, and
 * every chunk loaded through `import()` (route chunks, lazy components, locale namespaces).
 * The budget counts those whose request started before the frame that painted the feed (on the
 * page's clock); what the app loads after that paint (menus, the cards' actions) is reported
 * beside it. Each file is gzipped from the snapshot at the level of web-bundle.ts, so the
 * numbers compare with the static-graph measurement there.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request, type Response } from '@playwright/test';
import { request } from './http.ts';
import { BENCH_SECRET_KEY, freePort, onCleanup, startNode, waitForHttp, type ChildEnv } from './processes.ts';
import { runLighthouse, type LighthouseRow } from './lighthouse.ts';
import { measureMainThread, PHONE, type MainThreadReport } from './web-main-thread.ts';
import { GZIP_LEVEL, measureBundle } from './web-bundle.ts';

/** Debian's Chromium: the benchmark never downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** The same window, language and time zone on every run, so the same feed renders. */
const VIEWPORT = { width: 1280, height: 900 };
const LOCALE = 'en-US';
const TIMEZONE = 'America/New_York';
const DEMO_EMAIL = 'user@acme.example';
const DEMO_PASSWORD = 'Chorus!2026';
/** The session cookie of core/src/domain/constants.ts (AUTH_COOKIE), as cookieTokenStore writes it. */
const AUTH_COOKIE = 'pb_token';
/** The web app's persisted session (web/src/stores/session-store.ts, SESSION_STORAGE_KEY): the signed-in user's id. */
const SESSION_STORAGE_KEY = 'chorus.session';
/** The feed counts as rendered when its Latest heading and this many post cards are visible. */
const MINIMUM_CARDS = 3;
/** The network counts as idle after this long without a request in flight. */
const QUIET_MS = 1000;

/** How to run the measurement. */
export interface FirstRenderOptions {
  root: string;
  /** The web build to measure (a folder with index.html); copied before the server starts. */
  webDist: string;
  childEnv: ChildEnv;
  serverLogLevel: string;
  /** Also run Lighthouse on the sign-in page, the feed, a topic page and the post dialog route. */
  lighthouse: boolean;
  /** Where Lighthouse writes each page's full report (BENCH_LIGHTHOUSE_DIR), if anywhere. */
  lighthouseReportDir?: string | undefined;
  /** Lighthouse runs per page (BENCH_LIGHTHOUSE_RUNS); each row is the median run. */
  lighthouseRuns: number;
  /** Traced loads of the feed in a phone's window (web-main-thread.ts); 0 skips them. */
  mainThreadRuns: number;
  /** Where each traced load's Chromium trace is kept (BENCH_TRACE_DIR), if anywhere. */
  traceDir?: string | undefined;
  log(line: string): void;
}

/** One file the first render fetched. */
export interface LoadedFile {
  /** Path in the build, such as assets/index-abc.js (or the URL when it is not in the build). */
  file: string;
  kind: 'js' | 'css';
  /** Whether index.html's static graph has it (what web-bundle.ts counts) or it came later, through import(). */
  via: 'static graph' | 'lazy';
  /** Whether the request started after the feed was already on screen (still before the network went quiet). */
  afterFeed: boolean;
  bytes: number;
  gzipBytes: number;
}

/** What the browser loaded for the feed's first render. */
export interface FirstRenderReport {
  /** The page the browser ended on (the feed is `/`). */
  url: string;
  /** Post cards on screen when measured. */
  cards: number;
  /** Milliseconds from navigation until the feed was on screen, and until the network was quiet. */
  feedMs: number;
  idleMs: number;
  /** Every JavaScript and CSS file, largest gzip first within each kind. */
  files: LoadedFile[];
  jsBytes: number;
  /** Every JavaScript file fetched until the network was quiet. */
  jsGzipBytes: number;
  /** The JavaScript whose request started before the frame that painted the feed: the budget's measure. */
  jsBeforeFeedGzipBytes: number;
  cssGzipBytes: number;
  /** The static graph of index.html alone (the previous measurement), for comparison. */
  staticGraph: { files: number; jsGzipBytes: number };
  /** JavaScript chunks of the build the first render did not fetch. */
  notLoaded: { files: number; gzipBytes: number };
  /** Lighthouse's rows, when it ran. */
  lighthouse: LighthouseRow[] | null;
  /** The feed's main-thread work on a phone, when measured. */
  mainThread: MainThreadReport | null;
  /**
   * The first render's JavaScript by package, largest first: each file's gzip bytes shared out
   * by the bytes each package renders into it (the build's module stats, see web/vite.config.ts
   * moduleStats); empty when the build has no stats.
   */
  packages: { name: string; gzipBytes: number }[];
}

/** Shares each fetched file's gzip bytes out among the packages the build's stats name in it. */
function byPackage(dist: string, files: readonly LoadedFile[]): { name: string; gzipBytes: number }[] {
  const statsFile = path.join(dist, '.chorus-modules.json');
  if (!existsSync(statsFile)) return [];
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as Record<string, Record<string, number> | undefined>;
  const totals = new Map<string, number>();
  for (const file of files.filter((f) => f.kind === 'js')) {
    const parts = stats[file.file.split(path.sep).join('/')];
    const rendered = parts === undefined ? 0 : Object.values(parts).reduce((sum, n) => sum + n, 0);
    if (parts === undefined || rendered === 0) {
      totals.set('(not in the stats)', (totals.get('(not in the stats)') ?? 0) + file.gzipBytes);
      continue;
    }
    for (const [name, bytes] of Object.entries(parts)) totals.set(name, (totals.get(name) ?? 0) + (file.gzipBytes * bytes) / rendered);
  }
  return [...totals].map(([name, gzipBytes]) => ({ name, gzipBytes })).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: GZIP_LEVEL }).length;
}

/** The session of the sign-in answer: the token and the user's id. */
interface Session {
  token: string;
  userId: number;
}

async function signIn(origin: string, host: string): Promise<Session> {
  const response = await request(`${origin}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  let body: unknown = null;
  try {
    body = JSON.parse(response.body);
  } catch {
    // Reported below with the raw body.
  }
  const answer = (typeof body === 'object' && body !== null ? body : {}) as { token?: unknown; user?: { id?: unknown } };
  const token = answer.token;
  const userId = answer.user?.id;
  if (response.status !== 200 || typeof token !== 'string' || typeof userId !== 'number') {
    throw new Error(`sign-in as ${DEMO_EMAIL} failed: HTTP ${response.status} ${response.body.slice(0, 300)}`);
  }
  return { token, userId };
}

/** Makes sure `/` shows the feed, not onboarding: records "skipped" when the user has no onboarding event yet. */
async function skipOnboarding(origin: string, headers: Record<string, string>): Promise<void> {
  const events = await request(`${origin}/api/v1/cs/onboarding`, { headers });
  if (events.status !== 200) throw new Error(`GET /api/v1/cs/onboarding answered ${events.status}: ${events.body.slice(0, 300)}`);
  const parsed = JSON.parse(events.body) as { objects?: unknown[] };
  if (Array.isArray(parsed.objects) && parsed.objects.length > 0) return;
  const skipped = await request(`${origin}/api/v1/cs/event`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'skipped' }),
  });
  if (skipped.status !== 200) throw new Error(`POST /api/v1/cs/event answered ${skipped.status}: ${skipped.body.slice(0, 300)}`);
}

/** Resolves once no request has been in flight for QUIET_MS, or rejects after `timeoutMs`. */
async function networkQuiet(page: Page, inFlight: () => number, lastActivity: () => number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; attempt < 10_000 && Date.now() < deadline; attempt++) {
    if (inFlight() === 0 && Date.now() - lastActivity() >= QUIET_MS) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`the network did not go quiet within ${timeoutMs} ms (${inFlight()} requests in flight)`);
}

interface Fetched {
  url: URL;
  kind: LoadedFile['kind'];
  afterFeed: boolean;
  /** The bytes the browser received (identical to the build's file for files of the build). */
  body: Buffer;
}

function kindOf(req: Request, response: Response | null): LoadedFile['kind'] | null {
  const pathname = new URL(req.url()).pathname;
  const type = (response?.headers()['content-type'] ?? '').toLowerCase();
  if (req.resourceType() === 'script' || /\.m?js$/.test(pathname) || type.includes('javascript')) return 'js';
  if (req.resourceType() === 'stylesheet' || pathname.endsWith('.css') || type.includes('text/css')) return 'css';
  return null;
}

/** A fresh browser context holding the session as the web app leaves it after signing in: the cookie and the user id in localStorage. */
async function signedInContext(browser: Browser, origin: string, session: Session, window: Pick<BrowserContextOptions, 'viewport' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch'>): Promise<BrowserContext> {
  const { hostname } = new URL(origin);
  return browser.newContext({
    ...window,
    locale: LOCALE,
    timezoneId: TIMEZONE,
    serviceWorkers: 'block',
    storageState: {
      // As cookieTokenStore writes it: this host only, Path=/, SameSite=Lax, percent-encoded.
      cookies: [{ name: AUTH_COOKIE, value: encodeURIComponent(session.token), domain: hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [{ origin, localStorage: [{ name: SESSION_STORAGE_KEY, value: JSON.stringify({ userId: session.userId }) }] }],
    },
  });
}

/**
 * Opens the feed in a fresh browser context holding the session as the web app leaves it after
 * signing in (the cookie and the user id in localStorage), and records what it fetched.
 */
async function loadFeed(browser: Browser, origin: string, session: Session, timeoutMs: number): Promise<{ fetched: Fetched[]; url: string; cards: number; feedMs: number; idleMs: number }> {
  const context = await signedInContext(browser, origin, session, { viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    const fetched: Fetched[] = [];
    // Requests in flight, each with whether it started after the feed was on screen.
    const pending = new Map<Request, boolean>();
    const settling: Promise<void>[] = [];
    const problems: string[] = [];
    let lastActivity = Date.now();
    let feedShown = false;
    page.on('request', (req) => {
      pending.set(req, feedShown);
      lastActivity = Date.now();
    });
    const settle = async (req: Request, failed: boolean) => {
      const afterFeed = pending.get(req) === true;
      pending.delete(req);
      lastActivity = Date.now();
      const response = failed ? null : await req.response();
      const kind = kindOf(req, response);
      if (kind === null) return;
      if (response === null || !response.ok()) {
        problems.push(`${req.url()} did not load (${response === null ? (req.failure()?.errorText ?? 'failed') : `HTTP ${response.status()}`})`);
        return;
      }
      fetched.push({ url: new URL(req.url()), kind, afterFeed, body: await response.body() });
    };
    const track = (req: Request, failed: boolean) => {
      settling.push(settle(req, failed).catch((error: unknown) => void problems.push(String(error))));
    };
    page.on('requestfinished', (req) => track(req, false));
    page.on('requestfailed', (req) => track(req, true));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

    // The moment the feed was painted, on the page's own clock: the frame that first held the
    // Latest heading and MINIMUM_CARDS cards. Each file then counts as before or after the feed
    // by when the browser started its request (resource timing), not by when this runner
    // noticed the cards, which lags the paint by its polling.
    // (Strings: this file is compiled without the DOM's types.)
    await page.addInitScript({
      content: `performance.setResourceTimingBufferSize(5000);
        const shown = () => document.querySelectorAll('article').length >= ${MINIMUM_CARDS} &&
          [...document.querySelectorAll('h2')].some((heading) => heading.textContent.trim() === 'Latest');
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          requestAnimationFrame((frameStart) => { window.__chorusFeedPainted = frameStart; });
        });
        observer.observe(document, { childList: true, subtree: true });`,
    });
    const started = performance.now();
    const cards = page.getByRole('article');
    try {
      await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Latest' }).waitFor({ state: 'visible' });
      await cards.nth(MINIMUM_CARDS - 1).waitFor({ state: 'visible' });
    } catch (error) {
      const text = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(no text)');
      throw new Error(
        `the feed did not render: ${error instanceof Error ? error.message : String(error)}\n` +
          `page: ${page.url()}\n${problems.map((p) => `  ${p}\n`).join('')}text: ${text.replace(/\s+/g, ' ').slice(0, 500)}`,
        { cause: error },
      );
    }
    feedShown = true;
    const feedMs = performance.now() - started;
    await networkQuiet(page, () => pending.size, () => lastActivity, timeoutMs);
    const idleMs = performance.now() - started;
    await Promise.all(settling);
    const timing = await page.evaluate<{ painted: number | null; starts: [string, number][] }>(
      `({ painted: window.__chorusFeedPainted ?? null, starts: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]) })`,
    );
    if (timing.painted === null) throw new Error('the page did not record the frame that painted the feed');
    const startOf = new Map<string, number>();
    for (const [name, start] of timing.starts) if (!startOf.has(name)) startOf.set(name, start);
    for (const item of fetched) {
      const start = startOf.get(item.url.href);
      // A file without a timing entry keeps the runner's own judgement.
      if (start !== undefined) item.afterFeed = start >= timing.painted;
    }
    const url = page.url();
    if (new URL(url).pathname !== '/') throw new Error(`the browser ended on ${url}, not the feed`);
    if (problems.length > 0) throw new Error(`the feed did not load cleanly:\n  ${problems.join('\n  ')}`);
    return { fetched, url, cards: await cards.count(), feedMs, idleMs };
  } finally {
    await context.close();
  }
}

/** Runs the browser measurement. The server, browser and folders are left to the registered clean-up. */
export async function measureFirstRender(options: FirstRenderOptions): Promise<FirstRenderReport> {
  if (!existsSync(path.join(options.webDist, 'index.html'))) {
    throw new Error(`${path.relative(options.root, options.webDist)}/index.html is missing: build the web app first (npm run build)`);
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium package`);

  // A snapshot of the build: the server registers the files it finds at start, and another
  // build into web/dist during the run must not change what is served or what is measured.
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-bench-web-'));
  const removeRunDir = onCleanup(`remove ${runDir}`, async () => rmSync(runDir, { recursive: true, force: true }));
  const dist = path.join(runDir, 'web-dist');
  cpSync(options.webDist, dist, { recursive: true });
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${options.webDist} changed while it was copied: build it again`);

  const port = await freePort();
  const host = `acme.localhost:${port}`;
  const apiOrigin = `http://127.0.0.1:${port}`;
  const env: ChildEnv = {
    ...options.childEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    CHORUS_DATA_DIR: path.join(runDir, 'data'),
    CHORUS_WEB_DIST: dist,
    CHORUS_TAB_DIST: path.join(runDir, 'no-tab-build'),
    CHORUS_BASE_DOMAIN: 'localhost',
    CHORUS_SEED: 'auto',
    NODE_ENV: 'production',
    CHORUS_SECRET_KEY: BENCH_SECRET_KEY,
    LOG_LEVEL: options.serverLogLevel,
  };
  // The embedded database (PGlite), seeded with the demo data on this fresh folder.
  delete env.DATABASE_URL;
  options.log(`starting the server on port ${port} (PGlite in a fresh folder, demo data, NODE_ENV=production) ...`);
  const server = startNode('chorus server (web)', [path.join(options.root, 'server', 'src', 'main.ts')], env, options.root);
  await waitForHttp(server, `${apiOrigin}/health`, {}, 180_000);

  const session = await signIn(apiOrigin, host);
  await skipOnboarding(apiOrigin, { host, 'x-auth-token': session.token });

  options.log(`opening http://${host}/ as ${DEMO_EMAIL} in ${CHROMIUM_PATH} (${VIEWPORT.width}x${VIEWPORT.height}, ${LOCALE}) ...`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const closeBrowser = onCleanup('close chromium', () => browser.close());
  let loaded: Awaited<ReturnType<typeof loadFeed>>;
  let mainThread: MainThreadReport | null = null;
  try {
    loaded = await loadFeed(browser, `http://${host}`, session, 60_000);
    if (options.mainThreadRuns > 0) {
      options.log(`tracing the feed's main thread in a phone's window (${PHONE.width}x${PHONE.height}), ${options.mainThreadRuns} loads ...`);
      const phone = await signedInContext(browser, `http://${host}`, session, {
        viewport: { width: PHONE.width, height: PHONE.height },
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      try {
        mainThread = await measureMainThread(browser, phone, `http://${host}/`, options.mainThreadRuns, options.traceDir);
      } finally {
        await phone.close();
      }
    }
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver output:\n${server.output().slice(-4000)}`, { cause: error });
  } finally {
    await closeBrowser();
  }
  let lighthouse: LighthouseRow[] | null = null;
  if (options.lighthouse) {
    try {
      lighthouse = await runLighthouse({
        chromiumPath: CHROMIUM_PATH,
        origin: `http://${host}`,
        cookie: { name: AUTH_COOKIE, value: encodeURIComponent(session.token) },
        storage: { key: SESSION_STORAGE_KEY, value: JSON.stringify({ userId: session.userId }) },
        token: session.token,
        reportDir: options.lighthouseReportDir,
        runs: options.lighthouseRuns,
        log: options.log,
      });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver output:\n${server.output().slice(-4000)}`, { cause: error });
    }
  }
  await server.stop();

  const staticGraph = measureBundle('web app', dist);
  const inStaticGraph = new Set(staticGraph.files.map((f) => f.file));
  const files: LoadedFile[] = [];
  const seen = new Set<string>();
  for (const item of loaded.fetched) {
    const local = item.url.host === host ? path.normalize(decodeURIComponent(item.url.pathname).replace(/^\/+/, '')) : null;
    const name = local ?? item.url.href;
    if (seen.has(name)) continue;
    seen.add(name);
    // The bytes of the build, as web-bundle.ts reads them; anything not from the build (none
    // expected) is measured from the response itself.
    const full = local === null || local.startsWith('..') ? null : path.join(dist, local);
    const content = full !== null && existsSync(full) ? readFileSync(full) : item.body;
    if (!content.equals(item.body)) throw new Error(`${name}: the server sent ${item.body.length} bytes, the build holds ${content.length}`);
    files.push({
      file: name,
      kind: item.kind,
      via: local !== null && inStaticGraph.has(local) ? 'static graph' : 'lazy',
      afterFeed: item.afterFeed,
      bytes: content.length,
      gzipBytes: gzipSize(content),
    });
  }
  files.sort((a, b) => (a.kind === b.kind ? b.gzipBytes - a.gzipBytes : a.kind === 'js' ? -1 : 1));
  const js = files.filter((f) => f.kind === 'js');
  const sum = (list: readonly LoadedFile[], key: 'bytes' | 'gzipBytes') => list.reduce((total, f) => total + f[key], 0);

  const packages = byPackage(dist, files);
  let notLoadedFiles = 0;
  let notLoadedGzip = 0;
  const assets = path.join(dist, 'assets');
  for (const entry of existsSync(assets) ? readdirSync(assets, { recursive: true, encoding: 'utf8' }) : []) {
    const file = path.join('assets', entry);
    if (!file.endsWith('.js') || seen.has(file)) continue;
    notLoadedFiles++;
    notLoadedGzip += gzipSize(readFileSync(path.join(dist, file)));
  }
  await removeRunDir();

  return {
    url: loaded.url,
    cards: loaded.cards,
    feedMs: loaded.feedMs,
    idleMs: loaded.idleMs,
    files,
    jsBytes: sum(js, 'bytes'),
    jsGzipBytes: sum(js, 'gzipBytes'),
    jsBeforeFeedGzipBytes: sum(js.filter((f) => !f.afterFeed), 'gzipBytes'),
    cssGzipBytes: sum(files.filter((f) => f.kind === 'css'), 'gzipBytes'),
    staticGraph: { files: staticGraph.files.filter((f) => f.kind === 'js').length, jsGzipBytes: staticGraph.jsGzipBytes },
    notLoaded: { files: notLoadedFiles, gzipBytes: notLoadedGzip },
    lighthouse,
    mainThread,
    packages,
  };
}
