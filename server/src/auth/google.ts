/**
 * Google sign-in (OpenID Connect, authorization code flow with PKCE) on a company's own
 * client. The flow's secrets (state, nonce, PKCE verifier) live in a one-time token row; the
 * browser holds only that token's code in an HttpOnly cookie, so the callback can prove it
 * is the browser that started the flow and each flow completes once.
 */
import { Role } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { companyOrigin, type Config } from '../config.ts';
import { claimInviteUse, findInvite } from '../commands/sign-up.ts';
import type { Database } from '../db/database.ts';
import { externalIdentities, memberships, users, type CompanyRow, type OidcConfigColumn, type UserRow } from '../db/schema.ts';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { ApiError } from '../errors.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';
import type { InviteRow } from './invites.ts';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from './one-time-tokens.ts';
import { issueSsoExchange, ssoLandingUrl } from './sso-exchange.ts';

/** The cookie carrying the flow's one-time token between start and callback. */
export const GOOGLE_FLOW_COOKIE = 'chorus_google_flow';
/** Path of the callback; the cookie is scoped to the Google routes. */
export const GOOGLE_CALLBACK_PATH = '/api/v1/auth/google/callback';
/** Path the cookie is sent on. */
export const GOOGLE_COOKIE_PATH = '/api/v1/auth/google';
/** How long a person may take at the provider. */
export const GOOGLE_FLOW_TTL_MS = 10 * 60 * 1000;
/** How long a discovered provider configuration (and its JWKS cache) is reused. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const PROVIDER = 'google';

/** Where the web app shows sign-in failures. */
export const ERROR_PATH = '/error';
/** Where the web app explains that the e-mail's domain has no account here. */
export const DOMAIN_NOT_FOUND_PATH = '/sign-in/sso/domain-not-found';

/** The company's Google client, or null when Google sign-in is off or not configured. */
export function googleConfigOf(company: CompanyRow): OidcConfigColumn | null {
  return company.ssoSettings.google_enabled && company.googleConfig ? company.googleConfig : null;
}

/** Keeps only same-origin paths (`/feed`), never `//host` or absolute URLs, so `next` cannot redirect away. */
export function sanitizeNext(next: unknown): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return /^[\x21-\x7e]*$/.test(next) ? next : null;
}

interface FlowData {
  state: string;
  nonce: string;
  verifier: string;
  next: string | null;
  inviteCode: string | null;
}

function flowData(data: Record<string, unknown>): FlowData | null {
  const { state, nonce, verifier, next, inviteCode } = data;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return null;
  return { state, nonce, verifier, next: sanitizeNext(next), inviteCode: typeof inviteCode === 'string' ? inviteCode : null };
}

/** The outcome of starting a flow: where to send the browser and the cookie value to set. */
export interface StartedFlow {
  authorizationUrl: string;
  flowToken: string;
}

/** The outcome of a callback: always a browser redirect. */
export interface CallbackResult {
  redirect: string;
  /** The user signed in, when there is one (for logging and tests). */
  userId: number | null;
}

/** Google sign-in for one server: discovery results are cached per issuer and client. */
export class GoogleSignIn {
  private readonly cache = new Map<string, { expires: number; configuration: Promise<oidc.Configuration> }>();
  private readonly db: Database;
  private readonly config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>;

  constructor(db: Database, config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>) {
    this.db = db;
    this.config = config;
  }

  private redirectUri(company: CompanyRow): string {
    return `${companyOrigin(this.config, company.subdomain)}${GOOGLE_CALLBACK_PATH}`;
  }

  private configuration(client: OidcConfigColumn): Promise<oidc.Configuration> {
    const key = JSON.stringify([client.issuer, client.clientId, client.clientSecret]);
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.configuration;
    const issuer = new URL(client.issuer);
    // Plain HTTP only for local providers outside production (the tests' oidc-provider).
    const insecure = issuer.protocol === 'http:' && this.config.nodeEnv !== 'production';
    const configuration = oidc
      .discovery(issuer, client.clientId, client.clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .then((found) => {
        // Verify ID token signatures against the provider's JWKS, not only TLS.
        oidc.enableNonRepudiationChecks(found);
        return found;
      });
    configuration.catch(() => this.cache.delete(key));
    this.cache.set(key, { expires: Date.now() + DISCOVERY_TTL_MS, configuration });
    return configuration;
  }

  /** Starts a flow: stores state, nonce and PKCE verifier, and builds the authorization URL. */
  async start(company: CompanyRow, client: OidcConfigColumn, options: { next: string | null; inviteCode: string | null }): Promise<StartedFlow> {
    const configuration = await this.configuration(client);
    const flow: FlowData = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      next: options.next,
      inviteCode: options.inviteCode,
    };
    const flowToken = await issueOneTimeToken(this.db, {
      kind: 'google-auth',
      userId: null,
      companyId: company.id,
      email: null,
      ttlMs: GOOGLE_FLOW_TTL_MS,
      data: { ...flow },
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(company),
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl: url.href, flowToken };
  }

  /**
   * Completes a flow: checks the browser's flow token, exchanges the code (openid-client checks
   * state, PKCE, issuer, audience, nonce and the ID token's signature), then finds, provisions
   * or refuses the person and hands over to /sign-in/sso with an exchange token.
   */
  async callback(company: CompanyRow, client: OidcConfigColumn, requestUrl: string, flowToken: string | undefined): Promise<CallbackResult> {
    const fail = (path: string): CallbackResult => ({ redirect: path, userId: null });
    if (!flowToken) return fail(ERROR_PATH);
    const found = await findOneTimeToken(this.db, 'google-auth', flowToken);
    if (found.state !== 'valid' || found.row.companyId !== company.id) return fail(ERROR_PATH);
    if (!(await consumeOneTimeToken(this.db, found.row.id))) return fail(ERROR_PATH);
    const flow = flowData(found.row.data);
    if (flow === null) return fail(ERROR_PATH);

    const current = new URL(requestUrl, companyOrigin(this.config, company.subdomain));
    if (current.searchParams.has('error')) return fail(ERROR_PATH);
    let claims: oidc.IDToken;
    try {
      const configuration = await this.configuration(client);
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) return fail(ERROR_PATH);
      claims = idClaims;
    } catch {
      return fail(ERROR_PATH);
    }
    if (claims.email_verified !== true || typeof claims.email !== 'string' || claims.email.length === 0) return fail(ERROR_PATH);
    const person: Person = {
      subject: claims.sub,
      email: claims.email.trim().toLowerCase(),
      firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
      lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    };

    const outcome = await this.resolveUser(company, client, person, flow.inviteCode);
    if (outcome.kind === 'refused') return fail(outcome.path);
    const token = await issueSsoExchange(this.db, { userId: outcome.user.id, companyId: company.id, email: outcome.user.email });
    return { redirect: ssoLandingUrl(companyOrigin(this.config, company.subdomain), token, { next: flow.next }), userId: outcome.user.id };
  }

  /**
   * The user a verified Google person signs in as: by linked identity, else by e-mail; a member
   * of the host company, or newly created through the invite or just-in-time provisioning. An
   * existing account that is not a member is refused, as in password sign-up: an admin adds it.
   */
  private async resolveUser(company: CompanyRow, client: OidcConfigColumn, person: Person, inviteCode: string | null): Promise<Resolved> {
    const user = (await this.userByIdentity(person.subject)) ?? (await this.userByEmail(person.email));
    if (user) {
      if (user.deactivatedAt !== null) return { kind: 'refused', path: ERROR_PATH };
      const [member] = await this.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id)))
        .limit(1);
      if (!member) return { kind: 'refused', path: inviteCode === null ? DOMAIN_NOT_FOUND_PATH : ERROR_PATH };
      await this.link(user, company, person);
      return { kind: 'user', user };
    }

    let role: Role;
    let invite: InviteRow | null = null;
    if (inviteCode !== null) {
      invite = await this.inviteFor(company, inviteCode, person.email);
      if (invite === null) return { kind: 'refused', path: ERROR_PATH };
      role = invite.role as Role;
    } else if (client.jitProvisioning && client.allowedDomains.includes(domainOf(person.email))) {
      role = Role.USER;
    } else {
      return { kind: 'refused', path: DOMAIN_NOT_FOUND_PATH };
    }

    const claimed = invite;
    let created: UserRow;
    try {
      created = await this.db.transaction(async (tx) => {
        if (claimed) await claimInviteUse(tx, claimed.id);
        const [row] = await tx
          .insert(users)
          .values({ email: person.email, passwordHash: null, firstName: person.firstName, lastName: person.lastName, language: companyDefaultLanguage(company) })
          .returning();
        if (!row) throw new Error('insert returned no user');
        await tx.insert(memberships).values({ userId: row.id, companyId: company.id, role });
        return row;
      });
    } catch (error) {
      // A concurrent sign-up of the same e-mail, or the invite used up meanwhile.
      if (sqlState(error) === SqlState.UNIQUE_VIOLATION) return { kind: 'refused', path: ERROR_PATH };
      if (error instanceof ApiError) return { kind: 'refused', path: ERROR_PATH };
      throw error;
    }
    await this.link(created, company, person);
    return { kind: 'user', user: created };
  }

  /** A usable invite of the code whose e-mail is the verified one, or a group invite. */
  private async inviteFor(company: CompanyRow, code: string, email: string): Promise<InviteRow | null> {
    for (const version of [2, 1] as const) {
      let invite: InviteRow;
      try {
        invite = await findInvite(this.db, company, code, version);
      } catch {
        continue;
      }
      return invite.email === null || invite.email === email ? invite : null;
    }
    return null;
  }

  private async userByIdentity(subject: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select({ user: users })
      .from(externalIdentities)
      .innerJoin(users, eq(users.id, externalIdentities.userId))
      .where(and(eq(externalIdentities.provider, PROVIDER), eq(externalIdentities.subject, subject)))
      .limit(1);
    return row?.user ?? null;
  }

  private async userByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  private async link(user: UserRow, company: CompanyRow, person: Person): Promise<void> {
    await this.db
      .insert(externalIdentities)
      .values({ provider: PROVIDER, subject: person.subject, userId: user.id, companyId: company.id, email: person.email })
      .onConflictDoNothing();
  }
}

interface Person {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

type Resolved = { kind: 'user'; user: UserRow } | { kind: 'refused'; path: string };

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}
