/**
 * The host side of the teams-js window messaging protocol, as far as the Chorus tab uses it.
 * teams-js posts requests `{ id, uuidAsString, func, args }` to `window.parent`; the host
 * answers `{ id, uuidAsString, args }` and pushes events as `{ func, args }` without an id.
 * teams-js accepts anything from its own origin, which is why the harness is served on the
 * tab's origin.
 */

/** How the harness answers: `normal` plays Teams, `silent` never answers anything. */
export type HarnessMode = 'normal' | 'silent';

/** Harness settings, read from the harness page's query string (see {@link harnessQuery}). */
export interface HarnessOptions {
  readonly mode?: HarnessMode;
  /** Teams theme name in the context: `default`, `dark` or `contrast`. */
  readonly theme?: string;
  /** Teams locale in the context, e.g. `en-us` or `fr-ca`. */
  readonly locale?: string;
  /** Deep-link sub-entity id, e.g. `post:12`. */
  readonly subPageId?: string;
  readonly userPrincipalName?: string;
  readonly tenantId?: string;
  /** Token `authentication.getAuthToken` returns; without one the call fails with `authError`. */
  readonly token?: string;
  readonly authError?: string;
  /** Path of the tab inside the frame; `/tab/` by default. */
  readonly tabPath?: string;
}

/** One message the tab sent to the host. */
export interface ReceivedMessage {
  readonly func: string;
  readonly args: readonly unknown[];
  /** When the harness page received it (the page's `Date.now()`). */
  readonly at: number;
}

/** What the harness page exposes on `window.teamsHarness` for tests. */
export interface TeamsHarnessApi {
  readonly received: ReceivedMessage[];
  sendThemeChange(theme: string): void;
}

/** Query-string names of {@link HarnessOptions}. */
export const HARNESS_PARAMS = {
  mode: 'mode',
  theme: 'theme',
  locale: 'locale',
  subPageId: 'subPageId',
  userPrincipalName: 'upn',
  tenantId: 'tenantId',
  token: 'token',
  authError: 'authError',
  tabPath: 'tab',
} as const satisfies Record<keyof HarnessOptions, string>;

/** The harness page's query string for a set of options. */
export function harnessQuery(options: HarnessOptions): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(HARNESS_PARAMS) as (keyof HarnessOptions)[]) {
    const value = options[key];
    if (value !== undefined) {
      query.set(HARNESS_PARAMS[key], value);
    }
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
