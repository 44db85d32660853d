/**
 * The feed's main-thread work on a phone, from Chromium's own trace: the demo feed loaded
 * `runs` times in a phone's window (Lighthouse's mobile one: 412 x 823, 1.75 device pixels),
 * each until its cards and their controls are all on screen and the network is quiet, with the
 * main thread's time split the way Lighthouse's "main-thread work" audit splits it. The medians
 * are printed beside the blocking time those tasks would make at Lighthouse's 4x CPU slowdown.
 * Lighthouse's own scores move by ten points between runs on a shared machine; these sums of
 * task time move far less, so a change to the first render's work shows here first.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';

/** Lighthouse's mobile window (its moto g power emulation). */
export const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };
/** Lighthouse's CPU slowdown, and the length past which a task blocks (TBT). */
const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;
/** After the last card's controls are on screen, the page counts as settled after this quiet. */
const SETTLE_MS = 1000;

/** Trace events by the group Lighthouse's main-thread-work audit puts them in (its task groups). */
const GROUPS: Readonly<Record<string, readonly string[]>> = {
  script: [
    'EventDispatch', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireIdleCallback', 'FireAnimationFrame', 'RunMicrotasks', 'V8.Execute',
    'v8.compile', 'v8.compileModule', 'v8.parseOnBackground', 'V8.CompileCode', 'CacheScript', 'v8.produceCache', 'v8.produceModuleCache', 'v8.callFunction',
  ],
  'style and layout': ['ScheduleStyleRecalculation', 'UpdateLayoutTree', 'InvalidateLayout', 'Layout', 'Document::recalcStyle', 'LocalFrameView::performLayout'],
  'paint and composite': ['Animation', 'HitTest', 'PaintSetup', 'Paint', 'PaintImage', 'PrePaint', 'Layerize', 'UpdateLayer', 'UpdateLayerTree', 'CompositeLayers', 'Commit'],
  'parse HTML and CSS': ['ParseHTML', 'ParseAuthorStyleSheet'],
  'garbage collection': ['GCEvent', 'MinorGC', 'MajorGC', 'BlinkGC.AtomicPhase', 'ThreadState::performIdleLazySweep', 'ThreadState::completeSweep', 'V8.GC_SCAVENGER_SCAVENGE', 'V8.GCFinalizeMC'],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([group, names]) => names.map((name) => [name, group] as const)));

/** One load's main thread. */
export interface MainThreadRun {
  /** Milliseconds of main-thread tasks, in all and per group ('other' for the rest). */
  taskMs: number;
  byGroup: Record<string, number>;
  /** Tasks over BLOCKING_MS / CPU_SLOWDOWN after the first contentful paint, and their blocking time at 4x. */
  longTasks: number;
  blockingAt4xMs: number;
  /** Elements in the page once settled. */
  elements: number;
}

/** The medians of the runs (each figure on its own). */
export interface MainThreadReport {
  runs: MainThreadRun[];
  median: MainThreadRun;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { processId?: number; url?: string; frames?: { processId?: number; isOutermostMainFrame?: boolean }[] } };
}

/**
 * The processes that rendered the page: where the browser committed its navigations, else the
 * one its main frame had when tracing started; null when the trace does not say (then every
 * renderer counts). The trace also holds Chromium's own renderers (its WebUI top chrome, whose
 * omnibox popup loads some sixty chrome:// modules at start), which are not the page's work.
 */
function pageProcesses(events: readonly TraceEvent[]): Set<number> | null {
  const committed = events.filter((e) => e.name === 'FrameCommittedInBrowser' && e.args?.data?.url?.startsWith('http') === true);
  const pids = committed.flatMap((e) => (e.args?.data?.processId === undefined ? [] : [e.args.data.processId]));
  if (pids.length === 0) {
    const started = events.find((e) => e.name === 'TracingStartedInBrowser');
    const main = started?.args?.data?.frames?.find((frame) => frame.isOutermostMainFrame === true);
    if (main?.processId !== undefined) pids.push(main.processId);
  }
  return pids.length === 0 ? null : new Set(pids);
}

/** Splits one trace's renderer main thread (the page's) into the run's figures. */
export function mainThreadOf(events: readonly TraceEvent[], elements: number): MainThreadRun {
  const page = pageProcesses(events);
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (page === null || page.has(e.pid))).map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && mains.has(`${e.pid}:${e.tid}`));
  // Self time of every event, by its name's group; nesting follows the events' time spans.
  const byGroup: Record<string, number> = Object.fromEntries([...Object.keys(GROUPS), 'other'].map((group) => [group, 0]));
  const stack: { end: number; group: string; self: number }[] = [];
  const close = (until: number): void => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (done !== undefined) byGroup[done.group] = (byGroup[done.group] ?? 0) + done.self / 1000;
    }
  };
  let taskMs = 0;
  let longTasks = 0;
  let blockingAt4xMs = 0;
  for (const event of onMain) {
    close(event.ts);
    const parent = stack.at(-1);
    // A child is counted within its parent's span: a few trace events outlast the one they start in.
    const dur = Math.min(event.dur ?? 0, parent === undefined ? Number.POSITIVE_INFINITY : parent.end - event.ts);
    if (parent !== undefined) parent.self -= dur;
    if (event.name === 'RunTask' && parent === undefined) {
      taskMs += dur / 1000;
      const slowed = (dur / 1000) * CPU_SLOWDOWN;
      if (paint !== undefined && event.ts >= paint.ts && slowed > BLOCKING_MS) {
        longTasks += 1;
        blockingAt4xMs += slowed - BLOCKING_MS;
      }
    }
    // An event of no group counts in its parent's; a task's own time, and anything outside a task, as 'other'.
    const inherited = parent === undefined || event.name === 'RunTask' ? 'other' : parent.group;
    stack.push({ end: event.ts + dur, group: GROUP_OF.get(event.name) ?? inherited, self: dur });
  }
  close(Number.POSITIVE_INFINITY);
  return { taskMs, byGroup, longTasks, blockingAt4xMs, elements };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Loads `url` `runs` times in fresh pages of `context` (a phone's, signed in) under Chromium's
 * tracing, and returns each run and the medians. Each trace is kept in `keepDir` (as
 * `feed-phone-N.json`) where one is given, else removed.
 */
export async function measureMainThread(browser: Browser, context: BrowserContext, url: string, runs: number, keepDir?: string): Promise<MainThreadReport> {
  const results: MainThreadRun[] = [];
  if (keepDir !== undefined) mkdirSync(keepDir, { recursive: true });
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    const file = keepDir === undefined ? path.join(os.tmpdir(), `chorus-bench-trace-${process.pid}-${run}.json`) : path.join(keepDir, `feed-phone-${run + 1}.json`);
    try {
      await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await page.goto(url);
      await page.getByRole('heading', { name: 'Latest' }).waitFor({ state: 'visible' });
      await page.getByRole('article').nth(2).waitFor({ state: 'visible' });
      // The cards and their controls come in turns after the first paint, aria-busy until then.
      const busy = page.locator('[aria-busy="true"]');
      for (let polls = 0; (await busy.count()) > 0; polls++) {
        if (polls > 600) throw new Error('the feed still had parts to come after 60 s');
        await page.waitForTimeout(100);
      }
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(SETTLE_MS);
      const elements = await page.evaluate<number>(`document.querySelectorAll('*').length`);
      await browser.stopTracing();
      const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
      results.push(mainThreadOf(trace.traceEvents, elements));
    } finally {
      if (keepDir === undefined) rmSync(file, { force: true });
      await page.close();
    }
  }
  const groups = Object.keys(results[0]?.byGroup ?? {});
  return {
    runs: results,
    median: {
      taskMs: median(results.map((r) => r.taskMs)),
      byGroup: Object.fromEntries(groups.map((group) => [group, median(results.map((r) => r.byGroup[group] ?? 0))])),
      longTasks: median(results.map((r) => r.longTasks)),
      blockingAt4xMs: median(results.map((r) => r.blockingAt4xMs)),
      elements: median(results.map((r) => r.elements)),
    },
  };
}
