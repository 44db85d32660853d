import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** When one toast came and went, in milliseconds of the page's animation timeline. */
export interface ToastTiming {
  /** The toast's text (title and message) when it was last seen. */
  readonly text: string;
  /** When the toast entered the page. */
  readonly added: number;
  /** When its timer started (the timer's `animationstart`: the first frame that shows it), or null. */
  readonly timerStart: number | null;
  /** When its timer ran out (the timer's `animationend`), or null if it never did. */
  readonly timerEnd: number | null;
  /** The timer's own length (the `animationend` event's elapsed time), or null. */
  readonly timerMs: number | null;
  /** When the toast left the page, or null while it is there. */
  readonly removed: number | null;
}

declare global {
  interface Window {
    __chorusToasts?: ToastTiming[];
    __chorusCalls?: { path: string; at: number }[];
    __chorusScrolls?: { target: string; at: number }[];
    __chorusStatusTexts?: string[];
  }
}

/**
 * Records every toast the page shows, from before the app starts. Fluent's toasts time out
 * with a CSS animation, not a timer, so Playwright's clock does not move them; they are
 * measured on the document's animation timeline, the clock that drives them.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Entry {
      text: string;
      added: number;
      timerStart: number | null;
      timerEnd: number | null;
      timerMs: number | null;
      removed: number | null;
    }
    const entries: Entry[] = [];
    const byElement = new Map<Element, Entry>();
    window.__chorusToasts = entries;
    const now = (): number => Number(document.timeline.currentTime ?? performance.now());
    const scan = (): void => {
      const time = now();
      for (const element of document.querySelectorAll('.fui-ToastContainer')) {
        const known = byElement.get(element);
        if (known) known.text = element.textContent ?? '';
        else {
          const entry: Entry = { text: element.textContent ?? '', added: time, timerStart: null, timerEnd: null, timerMs: null, removed: null };
          byElement.set(element, entry);
          entries.push(entry);
        }
      }
      for (const [element, entry] of byElement) {
        if (!element.isConnected && entry.removed === null) entry.removed = time;
      }
    };
    const timerEntry = (event: AnimationEvent): Entry | undefined => {
      const container = event.target instanceof Element && event.target.matches('[data-timer-status]') ? event.target.closest('.fui-ToastContainer') : null;
      if (container && !byElement.has(container)) scan();
      return container ? byElement.get(container) : undefined;
    };
    document.addEventListener(
      'animationstart',
      (event) => {
        const entry = timerEntry(event);
        if (entry && entry.timerStart === null) entry.timerStart = now();
      },
      true,
    );
    document.addEventListener(
      'animationend',
      (event) => {
        const entry = timerEntry(event);
        if (entry) {
          entry.timerEnd = now();
          entry.timerMs = Math.round(event.elapsedTime * 1000);
        }
      },
      true,
    );
    new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  });
}

/** Waits until the toast showing `text` has left the page and returns its timing. */
export async function toastLifetime(page: Page, text: string): Promise<ToastTiming> {
  const find = (): Promise<ToastTiming | undefined> =>
    page.evaluate((wanted) => window.__chorusToasts?.find((toast) => toast.text.includes(wanted) && toast.removed !== null), text);
  await expect.poll(async () => (await find()) !== undefined, { message: `the toast '${text}' to come and go` }).toBe(true);
  const timing = await find();
  if (!timing) throw new Error('unreachable: the poll found the toast');
  return timing;
}

/**
 * Asserts a toast's life: its timer is `timeoutMs` long, it was still there a second before
 * the end, and it left once the timer ran out (give or take a loaded machine's late frames
 * and the exit animation). The timer runs from the first frame that shows the toast: on a busy
 * machine that frame can come seconds after the toast entered the page, which is the machine's
 * delay, not the toast's, so the timer's own start and end are what is compared.
 */
export function expectToastLifetime(timing: ToastTiming, timeoutMs: number): void {
  expect(timing.timerMs, 'the toast timer').toBe(timeoutMs);
  expect(timing.timerStart, 'the toast timer started').not.toBeNull();
  expect(timing.timerEnd, 'the toast timer ran out').not.toBeNull();
  const timerStart = timing.timerStart ?? Number.NaN;
  const timerEnd = timing.timerEnd ?? Number.NaN;
  const removed = timing.removed ?? Number.NaN;
  expect(timerStart, 'the timer started once the toast was on the page').toBeGreaterThanOrEqual(timing.added);
  expect(removed - timing.added, 'still shown a second before the timeout').toBeGreaterThanOrEqual(timeoutMs - 1000);
  expect(timerEnd - timerStart, 'timed out no earlier than the timeout').toBeGreaterThanOrEqual(timeoutMs - 50);
  expect(timerEnd - timerStart, 'timed out about when the timeout ended (never paused)').toBeLessThan(timeoutMs + 1500);
  expect(removed - timerEnd, 'left after its exit animation').toBeLessThan(2000);
  expect(removed).toBeGreaterThanOrEqual(timerEnd);
}

/**
 * Records the page-clock time (`Date.now()`, which `page.clock` controls) of every API call
 * whose path contains one of `paths`, from before the app starts. The app's client binds
 * `fetch` when it starts, so this wrapper sees each of its calls.
 */
export async function recordApiCalls(page: Page, paths: readonly string[]): Promise<void> {
  await page.addInitScript((watched) => {
    const calls: { path: string; at: number }[] = [];
    window.__chorusCalls = calls;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
      const path = watched.find((candidate) => url.pathname.includes(candidate));
      if (path !== undefined) calls.push({ path, at: Date.now() });
      return original(input, init);
    };
  }, paths);
}

/** The page-clock times of the recorded calls to `path`. */
export async function apiCallTimes(page: Page, path: string): Promise<number[]> {
  return page.evaluate((wanted) => (window.__chorusCalls ?? []).filter((call) => call.path === wanted).map((call) => call.at), path);
}

/** The page's current `Date.now()` (the page clock once `page.clock` is installed). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Pauses the running page clock a second (`aheadMs`) after its current time and returns the
 * time it paused at. Reading the page's time and pausing are two calls: on a loaded machine
 * the running clock can pass the chosen time in between, and Playwright then refuses ("Cannot
 * fast-forward to the past"); the pause is then asked again, from a new reading, with twice
 * the lead. Timers due before the pause time run as the clock gets there.
 */
export async function pauseClock(page: Page, aheadMs = 1000): Promise<number> {
  for (let lead = aheadMs; ; lead *= 2) {
    const at = (await pageNow(page)) + lead;
    try {
      await page.clock.pauseAt(at);
      return at;
    } catch (error) {
      if (lead >= aheadMs * 8 || !(error instanceof Error) || !error.message.includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * Advances a paused page clock in small steps until `condition` holds, so work that waits on
 * timers (TanStack Query's notifications, for one) keeps going while the page loads.
 */
export async function runClockUntil(page: Page, condition: () => Promise<boolean>, stepMs = 10): Promise<void> {
  for (let step = 0; step < 5000; step += 1) {
    if (await condition()) return;
    await page.clock.runFor(stepMs);
  }
  throw new Error('The condition did not hold within 5000 clock steps');
}

/**
 * Waits for `work` while moving a paused page clock on a millisecond at a time: work that runs
 * in the page on its timers (axe-core does) would otherwise never finish. Each step fires the
 * timers that are due and moves the clock as little as it can, and the steps stop as soon as
 * the work has settled, so a slow machine costs more steps, not a different outcome; the page
 * clock is never moved more than `limitMs` (an error says so, rather than a countdown running
 * out behind the test's back). Returns the work's result, or throws its error.
 *
 * The clock belongs to the whole browser context, so a step also runs in any other page the
 * work opens: axe's `finishRun` page is closed as the work ends, and a step caught in that
 * page's closing fails with "Target page ... has been closed". Such a step is taken again;
 * the test's own page closing still fails the wait.
 */
export async function whileClockRuns<T>(page: Page, work: Promise<T>, limitMs = 2000): Promise<T> {
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  // Its failure is reported by the return below, once the clock has stopped moving.
  watched.catch(() => undefined);
  for (let moved = 0; !settled; ) {
    if (moved >= limitMs) throw new Error(`The work still runs after moving the page clock ${limitMs} ms`);
    moved += 1;
    try {
      await page.clock.runFor(1);
    } catch (error) {
      if (page.isClosed() || !(error instanceof Error) || !/has been closed/.test(error.message)) throw error;
    }
  }
  return watched;
}

/** Moves a paused page clock on to `time` (ms since the epoch), which must not have passed. */
export async function runClockTo(page: Page, time: number): Promise<void> {
  const left = time - (await pageNow(page));
  expect(left, 'the page clock is already past the time to run to').toBeGreaterThanOrEqual(0);
  await page.clock.runFor(left);
}

/**
 * Records the page-clock time of every programmatic scroll request (scrollIntoView, scrollTo,
 * scroll, scrollBy on elements and the window), from before the app starts. A smooth scroll
 * moves the page only in the frames after its request, so the request is what tells when the
 * app decided to scroll.
 */
export async function recordScrollRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const requests: { target: string; at: number }[] = [];
    window.__chorusScrolls = requests;
    const describe = (target: unknown): string => (target instanceof Element ? `${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ''}` : 'window');
    const watch = (owner: object, name: 'scrollIntoView' | 'scrollTo' | 'scroll' | 'scrollBy'): void => {
      const original = Reflect.get(owner, name) as (...args: unknown[]) => void;
      Reflect.set(owner, name, function (this: unknown, ...args: unknown[]) {
        requests.push({ target: describe(this), at: Date.now() });
        return original.apply(this, args);
      });
    };
    for (const name of ['scrollIntoView', 'scrollTo', 'scroll', 'scrollBy'] as const) watch(Element.prototype, name);
    for (const name of ['scrollTo', 'scroll', 'scrollBy'] as const) watch(window, name);
  });
}

/** The recorded scroll requests, oldest first. */
export async function scrollRequests(page: Page): Promise<{ target: string; at: number }[]> {
  return page.evaluate(() => window.__chorusScrolls ?? []);
}

/**
 * Records each text that a live status region (`role="status"`) shows, in order, from before the
 * app starts: every change the page makes, where polling for a text that lasts a second can
 * miss it on a busy machine.
 */
export async function recordStatusTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const texts: string[] = [];
    window.__chorusStatusTexts = texts;
    const last = new WeakMap<Element, string>();
    const scan = (): void => {
      for (const element of document.querySelectorAll('[role="status"]')) {
        const text = element.textContent ?? '';
        if (text !== '' && last.get(element) !== text) texts.push(text);
        last.set(element, text);
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The texts recorded by recordStatusTexts, oldest first. */
export async function statusTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__chorusStatusTexts ?? []);
}
