/**
 * Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown, a phone's screen) on the
 * pages people open first: the sign-in page signed out, and the feed, a topic page and the
 * post dialog route as the demo user. Debian's Chromium runs headless through puppeteer-core;
 * the session is the cookie and stored user id the web app leaves after signing in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { request } from './http.ts';

/** One Lighthouse report. */
type Result = RunnerResult['lhr'];

/** Lighthouse's scores and the three metrics the goals name, for one page. */
export interface LighthouseRow {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Accessibility audits that failed: the audit id and the first elements it names. */
  failedAccessibility: { id: string; nodes: string[] }[];
  /** Every run's performance score, in run order (the row is the median run's). */
  runScores: number[];
}

/** The goals of issue 17, per page. */
export const LIGHTHOUSE_PERFORMANCE_GOAL = 95;
export const LIGHTHOUSE_ACCESSIBILITY_GOAL = 100;

/** Where and as whom to run. */
export interface LighthouseOptions {
  chromiumPath: string;
  /** http://acme.localhost:port */
  origin: string;
  /** The session cookie's name and value, and the web app's stored session. */
  cookie: { name: string; value: string };
  storage: { key: string; value: string };
  token: string;
  log(line: string): void;
  /** Where to write each page's full Lighthouse report (JSON), when set: the median run's. */
  reportDir?: string | undefined;
  /**
   * Runs per page. The row is the median run as Lighthouse picks it (`computeMedianRun`: the run
   * nearest the median first contentful paint and time to interactive), as Lighthouse's own
   * guide to variability advises: one run's score here moved by up to 10 points between
   * back-to-back runs of the same build, most of it the total blocking time of a page loaded
   * on two cores beside its server.
   */
  runs: number;
}

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

/** A post and a topic of the demo user's feed, for the topic page and the post dialog. */
async function feedSample(origin: string, token: string): Promise<{ postId: number; topicId: number }> {
  const { host } = new URL(origin);
  const apiOrigin = `http://127.0.0.1:${new URL(origin).port}`;
  const response = await request(`${apiOrigin}/api/v4/post/feed`, { headers: { host, 'x-auth-token': token } });
  if (response.status !== 200) throw new Error(`GET /api/v4/post/feed answered ${response.status}`);
  const feed = JSON.parse(response.body) as { latest: { id: number; categories: { id: number }[] }[]; topics: { category: { id: number } }[] };
  const post = feed.latest[0];
  const topicId = feed.topics[0]?.category.id ?? post?.categories[0]?.id;
  if (post === undefined || topicId === undefined) throw new Error('the demo feed has no post or topic');
  return { postId: post.id, topicId };
}

/** The elements an accessibility audit's details name (at most five, as selector and snippet). */
function failingNodes(details: unknown): string[] {
  const items = (details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? [];
  return items.slice(0, 5).map((item) => `${item.node?.selector ?? '?'}  ${(item.node?.snippet ?? '').slice(0, 160)}`);
}

async function audit(browser: Browser, url: string, signedIn: LighthouseOptions | null): Promise<Result> {
  // Each page in a fresh browser context: nothing cached, no other page's session.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (signedIn !== null) {
      const { hostname } = new URL(url);
      await context.setCookie({ name: signedIn.cookie.name, value: signedIn.cookie.value, domain: hostname, path: '/', sameSite: 'Lax' });
      // Lighthouse clears the origin's storage before loading: put the stored session back first thing.
      await page.evaluateOnNewDocument(
        (key: string, value: string) => {
          localStorage.setItem(key, value);
        },
        signedIn.storage.key,
        signedIn.storage.value,
      );
    }
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, undefined, page);
    if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await context.close();
  }
}

/** A page's row from its median run, with every run's score. */
function rowOf(runs: readonly Result[], reportFile: string | null): Omit<LighthouseRow, 'page' | 'path'> {
  // median-run.d.ts names the report by Lighthouse's global LH namespace, which this project does not load.
  const median = computeMedianRun([...runs]) as Result;
  if (reportFile !== null) {
    mkdirSync(path.dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, JSON.stringify(median, null, 1));
  }
  const { categories, audits } = median;
  const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failedAccessibility = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ({ id: ref.id, nodes: failingNodes(audits[ref.id]?.details) }));
  return {
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failedAccessibility,
    runScores: runs.map((lhr) => score(lhr, 'performance')),
  };
}

/** Runs Lighthouse on the four pages `runs` times, in rounds (each round visits every page once). */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseRow[]> {
  const sample = await feedSample(options.origin, options.token);
  const pages = [
    { page: 'sign-in (signed out)', path: '/sign-in', signedIn: false },
    { page: 'feed', path: '/', signedIn: true },
    { page: 'topic page', path: `/topic/${sample.topicId}`, signedIn: true },
    { page: 'post dialog route', path: `/post/${sample.postId}`, signedIn: true },
  ];
  const browser = await puppeteer.launch({ executablePath: options.chromiumPath, args: CHROMIUM_ARGS, headless: true });
  try {
    const results = pages.map((): Result[] => []);
    for (let round = 1; round <= options.runs; round++) {
      for (const [index, item] of pages.entries()) {
        options.log(`Lighthouse (mobile) on ${item.path} ${item.signedIn ? 'as the demo user' : 'signed out'}, run ${round} of ${options.runs} ...`);
        results[index]?.push(await audit(browser, `${options.origin}${item.path}`, item.signedIn ? options : null));
      }
    }
    return pages.map((item, index) => {
      const reportFile = options.reportDir === undefined ? null : path.join(options.reportDir, `lighthouse-${item.page.replace(/\W+/g, '-')}.json`);
      return { page: item.page, path: item.path, ...rowOf(results[index] ?? [], reportFile) };
    });
  } finally {
    await browser.close();
  }
}
