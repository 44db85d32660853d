import { join } from 'node:path';

/** Password of every demo user the server seeds (ARCHITECTURE.md, "Demo data"). */
export const DEMO_PASSWORD = 'Chorus!2026';

/** Demo users the suites sign in as. */
export const DEMO_USERS = {
  acmeAdmin: 'admin@acme.example',
  acmeUser: 'user@acme.example',
  globexUser: 'user@globex.example',
} as const;

/**
 * Signed-in state of user@acme.example, written once by the setup project into the run's own
 * folder (playwright.config.ts): a second run beside this one (another port) writes its own,
 * where a shared file let it replace this run's session with one its server does not know.
 */
export const ACME_USER_STATE = join(process.env.CHORUS_E2E_RUN_DIR ?? 'tests/e2e/.auth', 'acme-user.json');

/** The origin of a company site on the suite's server, e.g. `http://globex.localhost:3100`. */
export function companyOrigin(baseURL: string | undefined, subdomain: string): string {
  if (baseURL === undefined) {
    throw new Error('The Playwright config sets no baseURL');
  }
  const url = new URL(baseURL);
  return `${url.protocol}//${subdomain}.localhost:${url.port}`;
}
