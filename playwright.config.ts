import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end suite: real Chromium (the system build, never a downloaded one) against the real
 * server serving the built web and tab apps. Build first: `npm run build -w web && npm run
 * build -w tabs`. The server starts once, on a fresh data folder, so it seeds the demo data.
 */
/**
 * Debian's headless build of Chromium (package `chromium-headless-shell`, the same release as
 * `chromium`), the kind of browser Playwright itself runs headless tests in: without the full
 * browser's windowing layers it ran a spec file in 188 s where `/usr/bin/chromium` took 234 s on
 * this two-core machine. The full browser stands in where only it is installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The one place the harness reads its own settings from the environment (the server it starts
 * reads its settings through server/src/config.ts): the port, the two builds to test (a
 * developer beside another checkout's build may point at their own `vite build --outDir`),
 * and the browser.
 */
const settings = {
  port: Number(process.env.CHORUS_E2E_PORT ?? 3100),
  webBuild: process.env.CHORUS_E2E_WEB_BUILD ?? 'web/dist',
  tabBuild: process.env.CHORUS_E2E_TAB_BUILD ?? 'tabs/dist',
  chromium: process.env.CHORUS_E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  ci: Boolean(process.env.CI),
  /** `npm run screenshots`: the screenshot gallery (tests/gallery), which `npm test` leaves out. */
  gallery: process.env.CHORUS_GALLERY === '1',
};
if (!Number.isInteger(settings.port) || settings.port < 1 || settings.port > 65535) {
  throw new Error(`CHORUS_E2E_PORT must be a port number, not "${process.env.CHORUS_E2E_PORT}"`);
}
const PORT = settings.port;

/**
 * A fresh folder per run, made once by the runner (workers load this file too and inherit the
 * variable): the server's data folder, which makes it seed the demo data, and copies of the
 * two builds, so rebuilding web or tabs while the suite runs cannot change what it tests.
 */
function prepareRunFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'chorus-e2e-'));
  for (const [build, copy] of [
    [settings.webBuild, 'web-dist'],
    [settings.tabBuild, 'tab-dist'],
  ] as const) {
    if (!existsSync(join(build, 'index.html'))) {
      throw new Error(`${build} is missing: run \`npm run build -w web && npm run build -w tabs\` first`);
    }
    cpSync(build, join(root, copy), { recursive: true });
  }
  // The runner exits after it has stopped the server; nothing in the folder is kept.
  process.on('exit', () => rmSync(root, { recursive: true, force: true }));
  return root;
}

process.env.CHORUS_E2E_RUN_DIR ??= prepareRunFolder();
const runDir = process.env.CHORUS_E2E_RUN_DIR;

/**
 * Signed-in state of user@acme.example, written once by the setup project into the run's own
 * folder: a second run beside this one (another port) writes its own, where a shared file let it
 * replace this run's session with one its server does not know.
 */
export const ACME_USER_STATE = join(runDir, 'acme-user.json');

export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // The server, its embedded database and two Chromiums share two cores, and the machine is
  // sometimes two or three times slower than on a quiet day: a fresh sign-up, a full page load
  // with its lazy chunks, or an axe pass can take many seconds. One generous limit for every
  // test and assertion, rather than per-file guesses. The spec's own timings (throttles,
  // countdowns, the Teams wait) are checked on Playwright's clock or the page's, never by these.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: settings.ci ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://acme.localhost:${PORT}`,
    browserName: 'chromium',
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // No trace by default: recording one for every test (to keep it on failure) cost more than
    // half the suite's CPU on this two-core machine, screencast frames most of it (two spec files:
    // 211 s with a full trace, 114 s without the screencast, 94 s with none). A failed test keeps
    // its screenshot and error context (the page's accessibility tree); to debug one, run it again
    // with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The web app's service worker (the installable app) would answer the page's requests from
    // its own context, which page.route does not see: specs run without it, but pwa.spec.ts.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: settings.chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // The GPU process (software compositing here) as a thread of the browser process: one
        // process fewer per browser and no hop between them for every frame. A spec file ran in
        // 125-132 s with it against 135-142 s without (library-browse.spec.ts, two runs each).
        '--in-process-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Offline: no name resolves but the suite's own hosts and loopback, so a page's request to
        // the internet (teams-js asks a CDN for its valid origins) fails at once. Done here rather
        // than by intercepting requests in the test runner, which would pass every request of
        // every page through the runner and turn the browser's HTTP cache off.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.*',
      ],
    },
  },
  projects: [
    { name: 'setup', testDir: 'tests/e2e', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testDir: 'tests/e2e', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] },
    // Screenshots of every screen for a person to look over (npm run screenshots); the checks it
    // makes on the way run in tests/e2e/screens-fit.spec.ts on every `npm test`.
    ...(settings.gallery ? [{ name: 'gallery', testDir: 'tests/gallery', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] }] : []),
  ],
  webServer: {
    command: `"${process.execPath}" server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      CHORUS_DATA_DIR: join(runDir, 'data'),
      CHORUS_WEB_DIST: join(runDir, 'web-dist'),
      CHORUS_TAB_DIST: join(runDir, 'tab-dist'),
      CHORUS_BASE_DOMAIN: 'localhost',
      // Every spec signs in from 127.0.0.1; the default 20 sign-ins a minute would trip mid-run.
      CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      CHORUS_RATE_LIMIT_API_PER_MINUTE: '100000',
      // The suggest spec serves a news page on 127.0.0.2; the SSRF guard lets only that address through.
      CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.2',
    },
  },
});
