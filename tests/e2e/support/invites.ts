import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One seeded invite link, as the server keeps it in `{CHORUS_DATA_DIR}/demo-invites.json`. */
export interface DemoInviteLink {
  subdomain: string;
  version: 1 | 2;
  email: string | null;
  code: string;
  url: string;
}

/**
 * The invite links the suite's server seeded. Invite codes are random and stored hashed, and
 * the server's database is in-process, so the seed's links file in the run's data folder
 * (playwright.config.ts sets CHORUS_E2E_RUN_DIR) is the only way to learn them.
 */
export function demoInvites(): DemoInviteLink[] {
  const runDir = process.env.CHORUS_E2E_RUN_DIR;
  if (!runDir) throw new Error('CHORUS_E2E_RUN_DIR is not set: run through playwright.config.ts');
  return JSON.parse(readFileSync(join(runDir, 'data', 'demo-invites.json'), 'utf8')) as DemoInviteLink[];
}

/** The seeded invite of a version at Acme (v2: Nora Newhire; v1: the group invite). */
export function acmeInvite(version: 1 | 2): DemoInviteLink {
  const invite = demoInvites().find((i) => i.subdomain === 'acme' && i.version === version);
  if (!invite) throw new Error(`No v${version} demo invite was seeded`);
  return invite;
}
