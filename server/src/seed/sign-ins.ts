/** The demo sign-ins table printed on start. */
import { companyOrigin, type Config } from '../config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-content.ts';
import type { DemoInviteLink } from './demo-invites.ts';

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** A plain-text table of the demo accounts and where to use them, then the demo invite links if known. */
export function demoSignInsTable(config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>, invites: readonly DemoInviteLink[] = []): string {
  const rows = DEMO_USERS.map((u) => [u.email, u.roleName, u.companies.map((c) => companyOrigin(config, c)).join(', ')]);
  const lines = [`Demo sign-ins (password ${DEMO_PASSWORD}):`, ...table(['email', 'role', 'sign in at'], rows)];
  if (invites.length > 0) {
    const inviteRows = invites.map((i) => [i.email ?? '(group invite)', `v${i.version}`, i.url]);
    lines.push('', 'Demo invites (sign up with any password that meets the policy):', ...table(['invitee', 'kind', 'sign up at'], inviteRows));
  }
  return lines.join('\n');
}
