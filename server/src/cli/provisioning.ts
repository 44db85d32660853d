/**
 * What the provisioning command (`npm run chorus -- …`, server/src/cli.ts) does to the
 * database: companies, their members and their first admin. Each change and its audit_log
 * row are written in one transaction, so no change goes unrecorded and no record describes a
 * change that did not happen. Input is checked with the API's own rules (core validators).
 */
import { Role, SOCIAL_SIGN_IN_ENTRIES, SOCIAL_SIGN_IN_SLUGS, isLanguage, validateEmail, validateSubdomain, type Language, type ValidationResult } from '@chorus/core';
import { resources } from '@chorus/locales';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { createInvite, inviteUrl } from '../auth/invites.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { DEFAULT_FEATURE_TOGGLES, DEFAULT_SSO_SETTINGS } from '../db/defaults.ts';
import { recordAudit } from '../commands/audit.ts';
import { companies, memberships, users, type CompanyRow } from '../db/schema.ts';
import { sendMail } from '../mail/send-mail.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';

/** A refused command: its message is printed as is and the process exits non-zero. */
export class ProvisioningError extends Error {
  /** The exit status: 2 for bad input, 3 for something that does not exist, 4 for a conflict. */
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = 'ProvisioningError';
    this.exitCode = exitCode;
  }
}

/** How long an operator's admin invite stays usable (the spec is silent; a week, like most SaaS invites). */
export const ADMIN_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Sign-in methods a company may allow, as the command names them. */
export const SIGN_IN_METHODS = ['email', 'saml', 'google', ...Object.values(SOCIAL_SIGN_IN_SLUGS).filter((s) => s !== 'google')] as const;

/** Role names as the command takes and prints them. */
export const ROLE_NAMES = Object.keys(Role) as (keyof typeof Role)[];

/** Who did it and to which database. */
export interface ProvisioningContext {
  /** Opens the database on first use, so input refused by the rules fails before any connection. */
  open(): Promise<Database>;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'mail'>;
  /** `cli:<os user>`. */
  actor: string;
}

/** A company's settings the command sets; absent fields keep their value (or the default on create). */
export interface CompanySettingsInput {
  name?: string;
  /** Sign-in page title; defaults to the name. */
  title?: string;
  defaultLanguage?: string;
  tintColor?: string;
  logo?: string;
  /** Allowed sign-in methods (SIGN_IN_METHODS). */
  signIn?: readonly string[];
  /** E-mail domains self sign-up accepts; a non-empty list turns self sign-up on, empty turns it off. */
  signUpDomains?: readonly string[];
}

/** A company as the command prints it. */
export interface CompanySummary {
  id: number;
  subdomain: string;
  name: string;
  title: string;
  default_language: Language;
  tint_color: string;
  sign_in: string[];
  self_sign_up: boolean;
  sign_up_domains: string[];
  teams_tenant_id: string | null;
  suspended: boolean;
  members: number;
  created: string;
}

/** A member as the command prints it. */
export interface MemberSummary {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  deactivated: boolean;
}

/** An invite the command created: the link is shown once, as the code is stored only hashed. */
export interface InviteSummary {
  email: string;
  role: string;
  url: string;
  expires: string;
}

const VALIDATION_MESSAGES = resources['en-US'].validation;

/** The English message of a failed core validation, for the operator. */
function check(field: string, result: ValidationResult): void {
  if (result.ok) return;
  const [group, key] = result.error.split('.');
  const node = group === undefined ? undefined : VALIDATION_MESSAGES[group];
  const message = typeof node === 'string' ? node : key !== undefined && node !== undefined && typeof node[key] === 'string' ? node[key] : result.error;
  throw new ProvisioningError(`--${field}: ${String(message)}`);
}

function checkName(field: string, value: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length === 0) throw new ProvisioningError(`--${field}: must not be empty`);
  if (trimmed.length > max) throw new ProvisioningError(`--${field}: must be at most ${max} characters`);
  return trimmed;
}

function checkTenantId(value: string): string {
  const lower = value.trim().toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(lower)) {
    throw new ProvisioningError('--tenant: must be a Microsoft Entra tenant id (a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47)');
  }
  return lower;
}

/** Which sign-in methods a company row allows. */
function signInMethodsOf(company: CompanyRow): string[] {
  const methods: string[] = [];
  if (company.featureToggles.email_login_enabled) methods.push('email');
  if (company.ssoSettings.saml_enabled) methods.push('saml');
  if (company.ssoSettings.google_enabled) methods.push('google');
  company.socialSignIn.forEach((on, i) => {
    const slug = SOCIAL_SIGN_IN_SLUGS[i];
    if (on && slug !== undefined && slug !== 'google') methods.push(slug);
  });
  return methods;
}

/** The company columns a settings input changes. */
function settingsColumns(input: CompanySettingsInput, current: CompanyRow | null): Partial<typeof companies.$inferInsert> {
  const columns: Partial<typeof companies.$inferInsert> = {};
  if (input.name !== undefined) columns.name = checkName('name', input.name, 120);
  if (input.title !== undefined) columns.title = checkName('title', input.title, 120);
  if (input.defaultLanguage !== undefined) {
    if (!isLanguage(input.defaultLanguage)) throw new ProvisioningError('--language: must be one of en-US, es-ES, fr-CA, de-DE');
    columns.defaultLanguage = input.defaultLanguage;
  }
  if (input.tintColor !== undefined) {
    if (!/^#[0-9a-f]{6}$/i.test(input.tintColor)) throw new ProvisioningError('--tint-color: must be a colour such as #1f6feb');
    columns.tintColor = input.tintColor.toLowerCase();
  }
  if (input.logo !== undefined) {
    if (!/^https:\/\/[^\s]+$/.test(input.logo) && !/^\/media\/[\w.-]+$/.test(input.logo)) throw new ProvisioningError('--logo: must be an https:// URL or a /media/ path');
    columns.logo = input.logo;
  }
  if (input.signIn !== undefined) {
    const unknown = input.signIn.filter((m) => !(SIGN_IN_METHODS as readonly string[]).includes(m));
    if (unknown.length > 0) throw new ProvisioningError(`--sign-in: unknown method ${unknown.join(', ')}; use ${SIGN_IN_METHODS.join(', ')}`);
    if (input.signIn.length === 0) throw new ProvisioningError('--sign-in: name at least one method');
    const on = new Set(input.signIn);
    columns.featureToggles = { ...(current?.featureToggles ?? DEFAULT_FEATURE_TOGGLES), email_login_enabled: on.has('email') };
    columns.ssoSettings = { ...(current?.ssoSettings ?? DEFAULT_SSO_SETTINGS), saml_enabled: on.has('saml'), google_enabled: on.has('google') };
    columns.socialSignIn = Array.from({ length: SOCIAL_SIGN_IN_ENTRIES }, (_, i) => {
      const slug = SOCIAL_SIGN_IN_SLUGS[i];
      return slug !== undefined && slug !== 'google' && on.has(slug);
    });
  }
  if (input.signUpDomains !== undefined) {
    const domains = [...new Set(input.signUpDomains.map((d) => d.trim().toLowerCase()).filter((d) => d !== ''))];
    // A domain is what follows the @ of an address the API's e-mail rule accepts.
    for (const domain of domains) check('sign-up-domains', validateEmail(`someone@${domain}`));
    columns.signUpDomains = domains;
    columns.selfSignUpEnabled = domains.length > 0;
  }
  return columns;
}

async function summarize(db: Database, company: CompanyRow): Promise<CompanySummary> {
  const [members] = await db.select({ n: count() }).from(memberships).where(eq(memberships.companyId, company.id));
  return {
    id: company.id,
    subdomain: company.subdomain,
    name: company.name,
    title: company.title,
    default_language: companyDefaultLanguage(company),
    tint_color: company.tintColor,
    sign_in: signInMethodsOf(company),
    self_sign_up: company.selfSignUpEnabled,
    sign_up_domains: company.signUpDomains,
    teams_tenant_id: company.teamsTenantId,
    suspended: company.suspendedAt !== null,
    members: members?.n ?? 0,
    created: company.created.toISOString(),
  };
}

async function findCompany(db: Database, subdomain: string): Promise<CompanyRow> {
  check('subdomain', validateSubdomain(subdomain));
  const [company] = await db.select().from(companies).where(eq(companies.subdomain, subdomain.trim())).limit(1);
  if (company === undefined) throw new ProvisioningError(`No company has the subdomain ${subdomain}.`, 3);
  return company;
}

async function audit(db: Database, actor: string, companyId: number | null, action: string, target: string | null, data: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(db, { actor, companyId, action, target, data });
}

function roleName(role: number): string {
  return ROLE_NAMES.find((name) => Role[name] === role) ?? String(role);
}

function parseRole(value: string): Role {
  const name = ROLE_NAMES.find((n) => n === value.trim().toUpperCase());
  if (name === undefined) throw new ProvisioningError(`--role: must be one of ${ROLE_NAMES.join(', ')}`);
  return Role[name];
}

/**
 * Invites someone to a company with a role: a single-use v2 invite mailed through the
 * configured mail (outbox, and SMTP when set). Runs inside the caller's transaction; the mail
 * goes after the commit (see sendInviteMail) so a rolled-back command mails nothing.
 */
async function inviteInto(ctx: ProvisioningContext, db: Database, company: CompanyRow, email: string, role: Role): Promise<InviteSummary> {
  check('email', validateEmail(email));
  const address = email.trim().toLowerCase();
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, company.id), eq(users.email, address)))
    .limit(1);
  if (member !== undefined) throw new ProvisioningError(`${address} is already a member of ${company.subdomain}.`, 4);
  const expires = new Date(Date.now() + ADMIN_INVITE_TTL_MS);
  const { code } = await createInvite(db, { companyId: company.id, version: 2, email: address, role, maxUses: 1, expiresAt: expires });
  await audit(db, ctx.actor, company.id, 'invite.create', address, { role: roleName(role), expires: expires.toISOString() });
  return { email: address, role: roleName(role), url: inviteUrl(ctx.config, company.subdomain, code), expires: expires.toISOString() };
}

async function sendInviteMail(db: Database, ctx: ProvisioningContext, company: CompanyRow, invite: InviteSummary): Promise<void> {
  await sendMail({ db, config: ctx.config }, {
    kind: 'invite',
    to: invite.email,
    language: companyDefaultLanguage(company),
    companyId: company.id,
    name: '',
    companyName: company.name,
    inviterName: null,
    url: invite.url,
  });
}

/** `company create`: a new company, and its first admin's invite when `admin` is given. */
export async function createCompany(
  ctx: ProvisioningContext,
  input: CompanySettingsInput & { subdomain: string; name: string; admin?: string },
): Promise<{ company: CompanySummary; invite: InviteSummary | null }> {
  check('subdomain', validateSubdomain(input.subdomain));
  const subdomain = input.subdomain.trim();
  if (input.admin !== undefined) check('admin', validateEmail(input.admin));
  const columns = settingsColumns(input, null);
  const db = await ctx.open();
  const result = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.subdomain, subdomain)).limit(1);
    if (taken !== undefined) throw new ProvisioningError(`The subdomain ${subdomain} is already taken.`, 4);
    const name = columns.name ?? input.name;
    const [company] = await tx
      .insert(companies)
      .values({ ...columns, subdomain, name, title: columns.title ?? name })
      .returning();
    if (company === undefined) throw new Error('insert returned no company');
    await audit(tx, ctx.actor, company.id, 'company.create', subdomain, { ...input, admin: undefined });
    const invite = input.admin === undefined ? null : await inviteInto(ctx, tx, company, input.admin, Role.ADMIN);
    return { company, invite };
  });
  if (result.invite !== null) await sendInviteMail(db, ctx, result.company, result.invite);
  return { company: await summarize(db, result.company), invite: result.invite };
}

/** `company list`. */
export async function listCompanies(ctx: ProvisioningContext): Promise<CompanySummary[]> {
  const db = await ctx.open();
  const rows = await db.select().from(companies).orderBy(asc(companies.subdomain));
  return Promise.all(rows.map((row) => summarize(db, row)));
}

/** `company update` / `company rename`: changes the given settings. */
export async function updateCompany(ctx: ProvisioningContext, subdomain: string, input: CompanySettingsInput): Promise<CompanySummary> {
  check('subdomain', validateSubdomain(subdomain));
  // Checked once without the row, so bad input fails before the database is opened.
  if (Object.keys(settingsColumns(input, null)).length === 0) throw new ProvisioningError('Nothing to change: name at least one setting.');
  const db = await ctx.open();
  const company = await db.transaction(async (tx) => {
    const current = await findCompany(tx, subdomain);
    const columns = settingsColumns(input, current);
    const [updated] = await tx.update(companies).set(columns).where(eq(companies.id, current.id)).returning();
    if (updated === undefined) throw new Error('update returned no company');
    await audit(tx, ctx.actor, current.id, 'company.update', current.subdomain, { ...input });
    return updated;
  });
  return summarize(db, company);
}

/** `company suspend` / `company resume`: a suspended company's host refuses every API request (error 495). */
export async function setSuspended(ctx: ProvisioningContext, subdomain: string, suspended: boolean): Promise<CompanySummary> {
  check('subdomain', validateSubdomain(subdomain));
  const db = await ctx.open();
  const company = await db.transaction(async (tx) => {
    const current = await findCompany(tx, subdomain);
    const [updated] = await tx
      .update(companies)
      .set({ suspendedAt: suspended ? sql`coalesce(${companies.suspendedAt}, now())` : null })
      .where(eq(companies.id, current.id))
      .returning();
    if (updated === undefined) throw new Error('update returned no company');
    await audit(tx, ctx.actor, current.id, suspended ? 'company.suspend' : 'company.resume', current.subdomain);
    return updated;
  });
  return summarize(db, company);
}

/**
 * `company delete`: removes the company and everything of it (the schema cascades). People
 * stay when they belong to another company; `confirm` must repeat the subdomain.
 */
export async function deleteCompany(ctx: ProvisioningContext, subdomain: string, confirm: string | undefined): Promise<{ deleted: string }> {
  if (confirm !== subdomain) throw new ProvisioningError(`Deleting removes every post, member and setting of ${subdomain}: repeat the subdomain with --confirm ${subdomain}.`);
  check('subdomain', validateSubdomain(subdomain));
  const db = await ctx.open();
  await db.transaction(async (tx) => {
    const current = await findCompany(tx, subdomain);
    const [members] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.companyId, current.id));
    await tx.delete(companies).where(eq(companies.id, current.id));
    await audit(tx, ctx.actor, current.id, 'company.delete', current.subdomain, { name: current.name, members: members?.n ?? 0 });
  });
  return { deleted: subdomain };
}

/** `company link-tenant`: the Microsoft Entra tenant whose Teams users belong to the company (`none` unlinks). */
export async function linkTenant(ctx: ProvisioningContext, subdomain: string, tenant: string): Promise<CompanySummary> {
  check('subdomain', validateSubdomain(subdomain));
  const tenantId = tenant.trim().toLowerCase() === 'none' ? null : checkTenantId(tenant);
  const db = await ctx.open();
  const company = await db.transaction(async (tx) => {
    const current = await findCompany(tx, subdomain);
    if (tenantId !== null) {
      const [other] = await tx.select({ subdomain: companies.subdomain }).from(companies).where(eq(companies.teamsTenantId, tenantId)).limit(1);
      if (other !== undefined && other.subdomain !== current.subdomain) throw new ProvisioningError(`The tenant ${tenantId} is already linked to ${other.subdomain}.`, 4);
    }
    const [updated] = await tx.update(companies).set({ teamsTenantId: tenantId }).where(eq(companies.id, current.id)).returning();
    if (updated === undefined) throw new Error('update returned no company');
    await audit(tx, ctx.actor, current.id, 'company.link-tenant', current.subdomain, { tenant_id: tenantId });
    return updated;
  });
  return summarize(db, company);
}

/** `member invite`: invites someone with a role (ADMIN by default), mailed and printed. */
export async function inviteMember(ctx: ProvisioningContext, subdomain: string, email: string, role = 'ADMIN'): Promise<InviteSummary> {
  check('subdomain', validateSubdomain(subdomain));
  check('email', validateEmail(email));
  const wanted = parseRole(role);
  const db = await ctx.open();
  const { company, invite } = await db.transaction(async (tx) => {
    const found = await findCompany(tx, subdomain);
    return { company: found, invite: await inviteInto(ctx, tx, found, email, wanted) };
  });
  await sendInviteMail(db, ctx, company, invite);
  return invite;
}

/** `member list`. */
export async function listMembers(ctx: ProvisioningContext, subdomain: string): Promise<MemberSummary[]> {
  check('subdomain', validateSubdomain(subdomain));
  const db = await ctx.open();
  const company = await findCompany(db, subdomain);
  const rows = await db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, company.id))
    .orderBy(asc(users.email));
  return rows.map(({ user, role }) => ({
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: roleName(role),
    deactivated: user.deactivatedAt !== null,
  }));
}

/** `member set-role`: changes a member's role; the last admin cannot be demoted. */
export async function setMemberRole(ctx: ProvisioningContext, subdomain: string, email: string, role: string): Promise<MemberSummary> {
  check('subdomain', validateSubdomain(subdomain));
  check('email', validateEmail(email));
  const wanted = parseRole(role);
  const address = email.trim().toLowerCase();
  const db = await ctx.open();
  await db.transaction(async (tx) => {
    const company = await findCompany(tx, subdomain);
    const [member] = await tx
      .select({ userId: memberships.userId, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, company.id), eq(users.email, address)))
      .limit(1);
    if (member === undefined) throw new ProvisioningError(`${address} is not a member of ${company.subdomain}.`, 3);
    if (member.role === Role.ADMIN && wanted !== Role.ADMIN) {
      const [admins] = await tx.select({ n: count() }).from(memberships).where(and(eq(memberships.companyId, company.id), eq(memberships.role, Role.ADMIN)));
      if ((admins?.n ?? 0) <= 1) throw new ProvisioningError(`${address} is the only admin of ${company.subdomain}: make someone else admin first.`, 4);
    }
    await tx.update(memberships).set({ role: wanted }).where(and(eq(memberships.companyId, company.id), eq(memberships.userId, member.userId)));
    await audit(tx, ctx.actor, company.id, 'member.set-role', address, { from: roleName(member.role), to: roleName(wanted) });
  });
  const members = await listMembers(ctx, subdomain);
  const updated = members.find((m) => m.email === address);
  if (updated === undefined) throw new ProvisioningError(`${address} is not a member of ${subdomain}.`, 3);
  return updated;
}
