import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import type { Frame, FrameLocator, Page } from '@playwright/test';
import ts from 'typescript';
import { harnessQuery } from './protocol.ts';
import type { HarnessOptions, ReceivedMessage } from './protocol.ts';

/** Path the harness is served under, on the tab's own origin. */
export const HARNESS_PATH = '/__teams-harness/';

const HARNESS_DIR = fileURLToPath(new URL('.', import.meta.url));

// Only these files are served; the TypeScript ones are transpiled on the way out (types
// removed, imports kept as written, so `./protocol.ts` is fetched from here too).
const SERVED_FILES: Readonly<Record<string, 'text/html' | 'text/javascript'>> = {
  'index.html': 'text/html',
  'host.ts': 'text/javascript',
  'protocol.ts': 'text/javascript',
};

async function harnessFile(name: string): Promise<{ body: string; contentType: string } | undefined> {
  const contentType = SERVED_FILES[name];
  if (contentType === undefined) {
    return undefined;
  }
  const source = await readFile(`${HARNESS_DIR}${name}`, 'utf8');
  const body =
    contentType === 'text/javascript'
      ? ts.transpileModule(source, {
          fileName: name,
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
        }).outputText
      : source;
  return { body, contentType: `${contentType}; charset=utf-8` };
}

/**
 * Serves the harness files from disk at `<origin>/__teams-harness/` for this page, without
 * touching the server: the requests are fulfilled by Playwright before they leave the browser.
 */
export async function serveTeamsHarness(page: Page, origin: string): Promise<void> {
  await page.route(`${origin}${HARNESS_PATH}**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice(HARNESS_PATH.length) || 'index.html';
    const file = await harnessFile(name);
    if (file === undefined) {
      await route.fulfill({ status: 404, contentType: 'text/plain', body: `No harness file ${name}` });
      return;
    }
    await route.fulfill({ status: 200, contentType: file.contentType, body: file.body });
  });
}

/** A harness page with the tab framed in it. */
export interface TeamsHarness {
  /** The tab's document, for role-based locators inside the frame. */
  readonly tab: FrameLocator;
  /** The tab's frame, for its URL. */
  tabFrame(): Frame;
  /** The tab frame's path and query, e.g. `/tab/sign-in`. */
  tabPath(): string;
  /** Pushes a `themeChange` event to the tab, as Teams does when the user switches theme. */
  sendThemeChange(theme: string): Promise<void>;
  /** The messages the tab has sent to the host so far. */
  received(): Promise<ReceivedMessage[]>;
  /** The harness page's clock, the one `ReceivedMessage.at` is read from. */
  now(): Promise<number>;
}

/** Options of {@link openInTeamsHarness}: the harness settings plus the origin to serve it on. */
export interface OpenHarnessOptions extends HarnessOptions {
  /** The tab's origin; defaults to the project's `baseURL`. */
  readonly origin?: string;
}

function defaultOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (baseURL === undefined) {
    throw new Error('openInTeamsHarness needs an origin or a baseURL in the Playwright config');
  }
  return new URL(baseURL).origin;
}

/** Opens the Teams host harness (which frames `/tab/`) on the tab's origin. */
export async function openInTeamsHarness(page: Page, options: OpenHarnessOptions = {}): Promise<TeamsHarness> {
  const origin = options.origin ?? defaultOrigin();
  await serveTeamsHarness(page, origin);
  await page.goto(`${origin}${HARNESS_PATH}${harnessQuery(options)}`);

  function tabFrame(): Frame {
    const frame = page.mainFrame().childFrames()[0];
    if (frame === undefined) {
      throw new Error('The harness has no tab frame');
    }
    return frame;
  }

  return {
    tab: page.frameLocator('iframe[title="Chorus tab"]'),
    tabFrame,
    tabPath() {
      const url = new URL(tabFrame().url());
      return `${url.pathname}${url.search}`;
    },
    async sendThemeChange(theme) {
      await page.evaluate((name) => window.teamsHarness.sendThemeChange(name), theme);
    },
    async received() {
      return page.evaluate(() => window.teamsHarness.received.map((message) => ({ ...message })));
    },
    async now() {
      return page.evaluate(() => Date.now());
    },
  };
}
