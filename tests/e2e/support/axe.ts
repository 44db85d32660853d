import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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

/**
 * The page's WCAG A/AA violations (or those inside `include`), one line each. Fluent's focus
 * manager (tabster) puts hidden, focusable sentinels on the page once a dialog or popover has
 * trapped focus; they only pass focus on and are never read, so they are left out.
 */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).exclude('[data-tabster-dummy]').withTags(WCAG_AA);
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Three audits Lighthouse's accessibility score counts beyond WCAG 2.0 A/AA (issue 17):
 * `aria-hidden-focus` (nothing focusable inside aria-hidden, Fluent's focus sentinels
 * included), `label-content-name-mismatch` (a control's accessible name contains its visible
 * text, WCAG 2.1) and `target-size` (targets of at least 24 by 24 CSS pixels, WCAG 2.2).
 * Unlike wcagViolations, tabster's sentinels are not left out: Lighthouse does not leave them out.
 */
export async function lighthouseExtraViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withRules(['aria-hidden-focus', 'label-content-name-mismatch', 'target-size']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
