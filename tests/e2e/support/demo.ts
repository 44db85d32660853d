/** Password of every demo user the server seeds (ARCHITECTURE.md, "Demo data"). */
export const DEMO_PASSWORD = 'Chorus!2026';

/** Demo users the suites sign in as. */
export const DEMO_USERS = {
  acmeAdmin: 'admin@acme.example',
  acmeUser: 'user@acme.example',
  globexUser: 'user@globex.example',
} as const;

/** Signed-in state of user@acme.example (in the run's own folder, see playwright.config.ts). */
export { ACME_USER_STATE } from '../../../playwright.config.ts';

/** The origin of a company site on the suite's server, e.g. `http://globex.localhost:3100`. */
export function companyOrigin(baseURL: string | undefined, subdomain: string): string {
  if (baseURL === undefined) {
    throw new Error('The Playwright config sets no baseURL');
  }
  const url = new URL(baseURL);
  return `${url.protocol}//${subdomain}.localhost:${url.port}`;
}
