/**
 * The operator's command (runCli), which `npm run chorus -- <command>` (or `node
 * server/src/cli.ts <command>` in a production image) runs on the process's arguments. It works on the configured database (DATABASE_URL, else the
 * embedded one in CHORUS_DATA_DIR, which no running server may hold open) and migrates it
 * first, so it also prepares an empty PostgreSQL database. Exit status: 0 done, 1 failure,
 * 2 bad input, 3 not found, 4 conflict, 64 usage.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadConfigFromProcess, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import {
  ProvisioningError,
  ROLE_NAMES,
  SIGN_IN_METHODS,
  createCompany,
  deleteCompany,
  inviteMember,
  linkTenant,
  listCompanies,
  listMembers,
  setMemberRole,
  setSuspended,
  updateCompany,
  type CompanySettingsInput,
  type CompanySummary,
  type InviteSummary,
  type ProvisioningContext,
} from './cli/provisioning.ts';

const USAGE = `usage: npm run chorus -- <command> [options] [--json]

  company create --subdomain S --name N [--admin EMAIL] [settings]
  company list
  company update --subdomain S [settings]
  company rename --subdomain S --name N
  company suspend --subdomain S
  company resume --subdomain S
  company delete --subdomain S --confirm S
  company link-tenant --subdomain S --tenant ENTRA_TENANT_ID|none
  member list --subdomain S
  member invite --subdomain S --email EMAIL [--role ROLE]
  member set-role --subdomain S --email EMAIL --role ROLE
  demo seed

settings: --title T --language en-US|es-ES|fr-CA|de-DE --tint-color #RRGGBB --logo URL
          --sign-in ${SIGN_IN_METHODS.join(',')} (comma-separated)
          --sign-up-domains example.com,… (self sign-up for those domains; "" turns it off)
roles:    ${ROLE_NAMES.join(', ')}
`;

const OPTIONS = {
  subdomain: { type: 'string' },
  name: { type: 'string' },
  title: { type: 'string' },
  language: { type: 'string' },
  'tint-color': { type: 'string' },
  logo: { type: 'string' },
  'sign-in': { type: 'string' },
  'sign-up-domains': { type: 'string' },
  admin: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  tenant: { type: 'string' },
  confirm: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** Something printed: a JSON value for --json, lines for people. */
interface Output {
  json: unknown;
  text: string;
}

class UsageError extends Error {}

function required(values: Values, name: 'subdomain' | 'name' | 'email' | 'role' | 'tenant'): string {
  const value = values[name];
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

function list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

function settings(values: Values): CompanySettingsInput {
  const input: CompanySettingsInput = {};
  if (values.name !== undefined) input.name = values.name;
  if (values.title !== undefined) input.title = values.title;
  if (values.language !== undefined) input.defaultLanguage = values.language;
  if (values['tint-color'] !== undefined) input.tintColor = values['tint-color'];
  if (values.logo !== undefined) input.logo = values.logo;
  const signIn = list(values['sign-in']);
  if (signIn !== undefined) input.signIn = signIn;
  const domains = list(values['sign-up-domains']);
  if (domains !== undefined) input.signUpDomains = domains;
  return input;
}

function companyText(c: CompanySummary): string {
  const flags = [c.suspended ? 'SUSPENDED' : null, c.teams_tenant_id ? `tenant ${c.teams_tenant_id}` : null].filter((f) => f !== null);
  return `${c.subdomain}\t${c.name}\t${c.default_language}\t${c.members} members\tsign-in: ${c.sign_in.join(',') || 'none'}${c.self_sign_up ? `\tself sign-up: ${c.sign_up_domains.join(',')}` : ''}${flags.length > 0 ? `\t${flags.join(', ')}` : ''}`;
}

function inviteText(invite: InviteSummary): string {
  return `Invite for ${invite.email} (${invite.role}) mailed; usable once until ${invite.expires}:\n  ${invite.url}`;
}

async function run(ctx: ProvisioningContext, config: Config, group: string, command: string, values: Values): Promise<Output> {
  switch (`${group} ${command}`) {
    case 'company create': {
      const input = { ...settings(values), subdomain: required(values, 'subdomain'), name: required(values, 'name') };
      const created = await createCompany(ctx, values.admin === undefined ? input : { ...input, admin: values.admin });
      const lines = [`Company ${created.company.subdomain} created: ${created.company.name}`];
      if (created.invite !== null) lines.push(inviteText(created.invite));
      return { json: created, text: lines.join('\n') };
    }
    case 'company list': {
      const rows = await listCompanies(ctx);
      return { json: rows, text: rows.length === 0 ? 'No companies yet.' : rows.map(companyText).join('\n') };
    }
    case 'company update':
    case 'company rename': {
      if (command === 'rename') required(values, 'name');
      const company = await updateCompany(ctx, required(values, 'subdomain'), settings(values));
      return { json: company, text: `Company updated: ${companyText(company)}` };
    }
    case 'company suspend':
    case 'company resume': {
      const company = await setSuspended(ctx, required(values, 'subdomain'), command === 'suspend');
      return { json: company, text: `Company ${company.subdomain} ${company.suspended ? 'suspended: its host refuses sign-in and every API request' : 'resumed'}.` };
    }
    case 'company delete': {
      const result = await deleteCompany(ctx, required(values, 'subdomain'), values.confirm);
      return { json: result, text: `Company ${result.deleted} deleted.` };
    }
    case 'company link-tenant': {
      const company = await linkTenant(ctx, required(values, 'subdomain'), required(values, 'tenant'));
      return { json: company, text: company.teams_tenant_id === null ? `Company ${company.subdomain} has no Entra tenant now.` : `Company ${company.subdomain} linked to Entra tenant ${company.teams_tenant_id}.` };
    }
    case 'member list': {
      const members = await listMembers(ctx, required(values, 'subdomain'));
      return {
        json: members,
        text: members.length === 0 ? 'No members yet.' : members.map((m) => `${m.email}\t${m.role}\t${`${m.first_name} ${m.last_name}`.trim()}${m.deactivated ? '\tdeactivated' : ''}`).join('\n'),
      };
    }
    case 'member invite': {
      const invite = await inviteMember(ctx, required(values, 'subdomain'), required(values, 'email'), values.role ?? 'ADMIN');
      return { json: invite, text: inviteText(invite) };
    }
    case 'member set-role': {
      const member = await setMemberRole(ctx, required(values, 'subdomain'), required(values, 'email'), required(values, 'role'));
      return { json: member, text: `${member.email} is now ${member.role}.` };
    }
    case 'demo seed': {
      // Loaded only here: the seed's image and video tools are heavy to import.
      const { seedDemo } = await import('./cli/demo.ts');
      const result = await seedDemo(ctx, config);
      return {
        json: result,
        text: result.seeded ? `Demo data seeded: ${result.companies.join(', ')} (password of every demo user: ${result.password}).${result.invites.map((url) => `\n  ${url}`).join('')}` : 'The database already has companies: nothing seeded.',
      };
    }
    default:
      throw new UsageError(`unknown command: ${group} ${command}`.trim());
  }
}

/** Where a run prints: standard output and error, or a test's buffers. */
export interface CliOutput {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** A failure that ends the run with an exit status (printed as JSON with --json). */
class Exit extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`exit ${code}`);
    this.code = code;
  }
}

/**
 * Runs one command line (`args` without node and the script) on the configuration of `env`
 * (this process's environment when absent), printing to `io`, and answers the exit status. The process entry below runs it on this
 * process's arguments, environment and streams; tests run it in-process.
 */
export async function runCli(args: readonly string[], env: Record<string, string | undefined> | undefined, io: CliOutput): Promise<number> {
  try {
    await runCommandLine(args, env, io);
    return 0;
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  }
}

async function runCommandLine(args: readonly string[], env: Record<string, string | undefined> | undefined, io: CliOutput): Promise<void> {
  const fail = (json: boolean, message: string, code: number): never => {
    io.stderr.write(json ? `${JSON.stringify({ error: message })}\n` : `chorus: ${message}\n`);
    throw new Exit(code);
  };
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr.write(`chorus: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    throw new Exit(64);
  }
  const { values, positionals } = parsed;
  const [group = '', command = ''] = positionals;
  if (values.help || group === '') {
    io.stdout.write(USAGE);
    throw new Exit(values.help ? 0 : 64);
  }
  let config: Config;
  try {
    config = env === undefined ? loadConfigFromProcess() : loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(values.json, error.message, 1);
    throw error;
  }
  // Opened on first use: input the rules refuse fails without touching the database.
  const opened: { handle: DatabaseHandle | null } = { handle: null };
  const open = async () => {
    opened.handle ??= await openDatabase(config);
    return opened.handle.db;
  };
  try {
    const ctx: ProvisioningContext = { open, config, actor: `cli:${os.userInfo().username}` };
    const output = await run(ctx, config, group, command, values);
    io.stdout.write(values.json ? `${JSON.stringify(output.json, null, 2)}\n` : `${output.text}\n`);
  } catch (error) {
    await opened.handle?.close();
    opened.handle = null;
    if (error instanceof UsageError) {
      io.stderr.write(`chorus: ${error.message}\n\n${USAGE}`);
      throw new Exit(64);
    }
    if (error instanceof ProvisioningError) fail(values.json, error.message, error.exitCode);
    fail(values.json, error instanceof Error ? error.message : String(error), 1);
  }
  await opened.handle?.close();
}
