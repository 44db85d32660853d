/**
 * Google sign-in (OpenID Connect, authorization code flow with PKCE) on a company's own
 * client. The flow's secrets (state, nonce, PKCE verifier) live in a one-time token row; the
 * browser holds only that token's code in an HttpOnly cookie, so the callback can prove it
 * is the browser that started the flow and each flow completes once.
 */
import { safeNextPath } from '@chorus/core';
import * as oidc from 'openid-client';
import { companyOrigin, type Config } from '../config.ts';
import { federatedSignIn, inDomains } from '../commands/federated-sign-in.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRow, OidcConfigColumn } from '../db/schema.ts';
import { checkUrlOnItsFace, guardedFetch, SafeFetchError, type SafeFetchOptions } from '../lib/safe-fetch.ts';
import { decryptSecret, keyringOf, type SecretKeyConfig } from '../lib/secrets.ts';
import { issueOneTimeToken, redeemToken, type TokenData } from './one-time-tokens.ts';
import { issueSsoExchange, ssoLandingUrl, type BrowserBinding } from './sso-exchange.ts';

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
/** The provider name of Google identities. */
export const GOOGLE_PROVIDER = 'google';

/** Where the web app shows sign-in failures. */
export const ERROR_PATH = '/error';
/** Where the web app explains that the e-mail's domain has no account here. */
export const DOMAIN_NOT_FOUND_PATH = '/sign-in/sso/domain-not-found';

/** The company's Google client, or null when Google sign-in is off or not configured. */
export function googleConfigOf(company: CompanyRow): OidcConfigColumn | null {
  return company.ssoSettings.google_enabled && company.googleConfig ? company.googleConfig : null;
}

/** What the server may fetch from an OpenID provider: public addresses only, https only in production. */
export function providerFetchRules(config: Pick<Config, 'nodeEnv' | 'fetchAllowAddresses'>): Pick<SafeFetchOptions, 'allowAddresses' | 'protocols'> {
  return { allowAddresses: config.fetchAllowAddresses, protocols: config.nodeEnv === 'production' ? ['https:'] : ['http:', 'https:'] };
}

/**
 * Why an issuer an admin enters cannot be used (an inside address, `localhost`, plain http in
 * production), or null. Names are resolved, and every address checked, when it is fetched.
 */
export function issuerProblem(config: Pick<Config, 'nodeEnv' | 'fetchAllowAddresses'>, issuer: string): string | null {
  try {
    checkUrlOnItsFace(issuer, providerFetchRules(config));
    return null;
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    return error.reason === 'scheme' ? 'Use the provider\'s https address.' : 'The server does not fetch from private or local addresses.';
  }
}

type FlowData = TokenData<'google-auth'>;

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
  private readonly config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'fetchAllowAddresses'> & SecretKeyConfig;
  /**
   * Every request to the provider (discovery, JWKS, token) goes through the SSRF guard: the
   * issuer is an admin's setting, and the endpoints come from the provider's own document.
   * Production speaks https only.
   */
  private readonly fetch: oidc.CustomFetch;

  constructor(db: Database, config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'fetchAllowAddresses'> & SecretKeyConfig) {
    this.db = db;
    this.config = config;
    this.fetch = guardedFetch({
      ...providerFetchRules(config),
      timeoutMs: 10_000,
      maxBytes: 512 * 1024,
      userAgent: 'Chorus',
    });
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
    // The secret is encrypted at rest (lib/secrets.ts); a wrong key fails the discovery, logged.
    const configuration = Promise.resolve()
      .then(() => decryptSecret(keyringOf(this.config), client.clientSecret, 'companies.google_config.client_secret'))
      .then((clientSecret) => oidc.discovery(issuer, client.clientId, clientSecret, undefined, { [oidc.customFetch]: this.fetch, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) }))
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
  async callback(
    company: CompanyRow,
    client: OidcConfigColumn,
    requestUrl: string,
    flowToken: string | undefined,
    bind: () => BrowserBinding,
  ): Promise<CallbackResult> {
    const fail = (path: string): CallbackResult => ({ redirect: path, userId: null });
    if (!flowToken) return fail(ERROR_PATH);
    const found = await redeemToken(this.db, 'google-auth', flowToken, { companyId: company.id });
    if (found.state !== 'valid') return fail(ERROR_PATH);
    const flow: FlowData = { ...found.data, next: safeNextPath(found.data.next) };

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
    const email = claims.email.trim().toLowerCase();

    // Google proves an address only in the company's own configured domains; any other
    // address opens only an account this Google identity was linked to before.
    const outcome = await federatedSignIn(
      this.db,
      company,
      {
        provider: GOOGLE_PROVIDER,
        subject: claims.sub,
        email,
        emailVerified: true,
        emailProven: inDomains(email, client.allowedDomains),
        firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
      },
      { inviteCode: flow.inviteCode, jitDomains: client.jitProvisioning ? client.allowedDomains : [] },
    );
    switch (outcome.kind) {
      case 'signed-in':
        break;
      case 'no-account':
      case 'not-member':
        return fail(flow.inviteCode === null ? DOMAIN_NOT_FOUND_PATH : ERROR_PATH);
      default:
        return fail(ERROR_PATH);
    }
    const token = await issueSsoExchange(this.db, {
      userId: outcome.user.id,
      companyId: company.id,
      email: outcome.user.email,
      authMethod: { kind: 'google', issuer: client.issuer, subject: claims.sub },
      binding: bind(),
    });
    return { redirect: ssoLandingUrl(companyOrigin(this.config, company.subdomain), token, { next: flow.next }), userId: outcome.user.id };
  }
}
