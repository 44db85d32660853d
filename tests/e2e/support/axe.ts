import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.0 A and AA rules every screen is checked against. */
export const WCAG_AA = ['wcag2a', 'wcag2aa'];

/**
 * The page's WCAG A/AA violations (or those inside `include`), one line each. Fluent's focus
 * manager (tabster) puts hidden, focusable sentinels on the page once a dialog or popover has
 * trapped focus; they only pass focus on and are never read, so they are left out.
 */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).exclude('[data-tabster-dummy]').withTags(WCAG_AA);
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
