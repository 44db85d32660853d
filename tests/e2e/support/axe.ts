import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

/** The WCAG 2.0 A and AA rules every screen is checked against. */
export const WCAG_AA = ['wcag2a', 'wcag2aa'];

/**
 * Waits for the page's finite animations and transitions (a dialog fading in, a toast
 * sliding) to end: axe measures colour contrast from computed opacity, and text caught
 * halfway through a fade-in reads as too faint; a size is only final once a surface has grown.
 * Endless ones, such as spinners, are skipped. An animation that is cancelled (a motion
 * restarted by a re-render) ends too, and whatever started meanwhile is waited for in turn.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () =>
      document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    for (let pending = running(); pending.length > 0; pending = running()) {
      await Promise.all(pending.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe-core into every frame of the page that does not have it yet, allowed to talk across
 * origins: a frame's own copy checks it when the top frame's run reaches it (the Teams harness
 * shows the tab from another host). Done here rather than by `@axe-core/playwright`, which
 * evaluated the 550 KB source in every frame twice per check and then opened a fresh page to
 * merge the results: about 6 s a check on a quiet machine, against 1 s for the same run here.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => 'axe' in window)) continue;
      await frame.evaluate(AXE_SOURCE);
      await frame.evaluate(() => {
        (window as unknown as { axe: typeof Axe }).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });
      });
    } catch {
      // A frame that went away meanwhile: axe leaves out a frame that does not answer.
    }
  }
}

/** Which part of the page axe checks, in CSS selectors: axe's context, in a form that crosses into the page. */
interface AxeContext {
  include?: string[][];
  exclude: string[][];
}

/** Runs axe-core over the page (or `context` of it) and returns its violations, one line each. */
async function axeViolations(page: Page, context: AxeContext, runOnly: Axe.RunOnly): Promise<string[]> {
  await animationsSettled(page);
  await injectAxe(page);
  const violations = await page.evaluate(
    async ({ context, options }) => (await (window as unknown as { axe: typeof Axe }).axe.run(context as Axe.ContextObject, options)).violations,
    { context, options: { runOnly, resultTypes: ['violations'] } satisfies Axe.RunOptions },
  );
  return violations.map((v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The page's WCAG A/AA violations (or those inside `include`), one line each. Fluent's focus
 * manager (tabster) puts hidden, focusable sentinels on the page once a dialog or popover has
 * trapped focus; they only pass focus on and are never read, so they are left out.
 */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  const exclude = [['[data-tabster-dummy]']];
  const context: AxeContext = include === undefined ? { exclude } : { include: [[include]], exclude };
  return axeViolations(page, context, { type: 'tag', values: WCAG_AA });
}

/**
 * Three audits Lighthouse's accessibility score counts beyond WCAG 2.0 A/AA (issue 17):
 * `aria-hidden-focus` (nothing focusable inside aria-hidden, Fluent's focus sentinels
 * included), `label-content-name-mismatch` (a control's accessible name contains its visible
 * text, WCAG 2.1) and `target-size` (targets of at least 24 by 24 CSS pixels, WCAG 2.2).
 * Unlike wcagViolations, tabster's sentinels are not left out: Lighthouse does not leave them out.
 */
export async function lighthouseExtraViolations(page: Page): Promise<string[]> {
  return axeViolations(page, { exclude: [] }, { type: 'rule', values: ['aria-hidden-focus', 'label-content-name-mismatch', 'target-size'] });
}
