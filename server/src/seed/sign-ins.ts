/** The demo sign-ins table printed on start. */
import { companyOrigin, type Config } from '../config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-content.ts';

/** A plain-text table of the demo accounts and where to use them. */
export function demoSignInsTable(config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>): string {
  const rows = DEMO_USERS.map((u) => [u.email, u.roleName, u.companies.map((c) => companyOrigin(config, c)).join(', ')]);
  const header = ['email', 'role', 'sign in at'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [`Demo sign-ins (password ${DEMO_PASSWORD}):`, line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
