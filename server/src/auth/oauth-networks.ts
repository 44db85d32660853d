/**
 * Real OAuth 2.0 clients of the sharing networks: X (OAuth 2.0 with PKCE, API v2), LinkedIn
 * (Sign In with LinkedIn using OpenID Connect, userinfo, organization ACLs) and Facebook (Graph
 * API at the configured version: the spec's v14.0 is long retired). Each is used once its
 * client id and secret are configured; until then the embedded sandbox network stands in (social-providers.ts).
 *
 * The wire formats followed here: authorization-code grant with `state` (and S256 PKCE for X),
 * form-encoded token requests answered with JSON `{access_token, expires_in, refresh_token?}`,
 * and bearer-token profile calls. Tests run them against local fake servers speaking the same.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The networks with an OAuth client. */
export type OAuthNetwork = 'twitter' | 'linkedin' | 'facebook';

/** Where a network's OAuth and API live; the defaults are the real services. */
export interface OAuthEndpoints {
  authorize: string;
  token: string;
  /** Base of the REST API the profile and page calls use. */
  api: string;
}

/** The LinkedIn-Version used when none is configured (LINKEDIN_API_VERSION). */
export const DEFAULT_LINKEDIN_API_VERSION = '202510';

/** The Graph API version used when none is configured (FACEBOOK_GRAPH_VERSION). */
export const DEFAULT_FACEBOOK_GRAPH_VERSION = 'v24.0';

/** Where the networks' APIs are (config NetworkApis); the consent pages stay on the networks' own sites. */
export interface NetworkApiBases {
  xApiBaseUrl: string;
  linkedinApiBaseUrl: string;
  facebookGraphBaseUrl: string;
  facebookGraphVersion: string;
}

/** The real services' API bases. */
const REAL_API_BASES: NetworkApiBases = {
  xApiBaseUrl: 'https://api.x.com',
  linkedinApiBaseUrl: 'https://api.linkedin.com',
  facebookGraphBaseUrl: 'https://graph.facebook.com',
  facebookGraphVersion: DEFAULT_FACEBOOK_GRAPH_VERSION,
};

/** A network's OAuth endpoints on the given API bases (the real services by default). */
export function oauthEndpoints(network: OAuthNetwork, bases: NetworkApiBases = REAL_API_BASES): OAuthEndpoints {
  if (network === 'twitter') return { authorize: 'https://x.com/i/oauth2/authorize', token: `${bases.xApiBaseUrl}/2/oauth2/token`, api: bases.xApiBaseUrl };
  if (network === 'linkedin') return { authorize: 'https://www.linkedin.com/oauth/v2/authorization', token: 'https://www.linkedin.com/oauth/v2/accessToken', api: bases.linkedinApiBaseUrl };
  const version = bases.facebookGraphVersion;
  return { authorize: `https://www.facebook.com/${version}/dialog/oauth`, token: `${bases.facebookGraphBaseUrl}/${version}/oauth/access_token`, api: `${bases.facebookGraphBaseUrl}/${version}` };
}

/** Scopes asked for: who the person is, and posting on their behalf (and their pages). */
export const OAUTH_SCOPES: Readonly<Record<OAuthNetwork, readonly string[]>> = {
  // media.write: pictures and videos go through the v2 media upload.
  twitter: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
  linkedin: ['openid', 'profile', 'email', 'w_member_social', 'r_organization_admin', 'w_organization_social'],
  // pages_read_engagement: Graph wants it beside pages_manage_posts to hand out Page tokens and read a Page's posts.
  facebook: ['public_profile', 'email', 'pages_show_list', 'pages_manage_posts', 'pages_read_engagement'],
};

/** A configured client of one network. */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  endpoints?: OAuthEndpoints;
  /** LinkedIn's `LinkedIn-Version` header (YYYYMM) for its REST calls. */
  apiVersion?: string;
  /** The HTTP client; tests pass none and reach local fakes through `endpoints`. */
  fetch?: typeof fetch;
}

/** Tokens from the token endpoint. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The person behind the tokens. */
export interface OAuthProfile {
  id: string;
  name: string;
  email: string | null;
  picture: string | null;
}

/** A page (Facebook) or organization (LinkedIn) the person may post as. */
export interface OAuthPage {
  id: string;
  name: string;
  picture: string | null;
}

/** A network answered something other than what its API documents. */
export class OAuthNetworkError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'OAuthNetworkError';
    this.status = status;
  }
}

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Calls one network's OAuth and REST endpoints. */
export interface OAuthNetworkClient {
  readonly network: OAuthNetwork;
  /** Whether the authorization request carries a PKCE challenge (X requires one). */
  readonly usesPkce: boolean;
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge?: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<OAuthTokens>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
  profile(accessToken: string): Promise<OAuthProfile>;
  pages(accessToken: string): Promise<OAuthPage[]>;
}

const REQUEST_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

function asRecord(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function tokensOf(body: Json): OAuthTokens {
  const accessToken = str(body.access_token);
  if (!accessToken) throw new OAuthNetworkError('The token endpoint returned no access_token');
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in);
  return {
    accessToken,
    refreshToken: str(body.refresh_token),
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}

/** The client of a network, with its client credentials. */
export function oauthNetworkClient(network: OAuthNetwork, config: OAuthClientConfig): OAuthNetworkClient {
  const endpoints = config.endpoints ?? oauthEndpoints(network);
  const call = config.fetch ?? fetch;

  async function json(url: string, init: RequestInit = {}): Promise<Json> {
    const response = await call(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: 'error' });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      throw new OAuthNetworkError(`${network} answered ${response.status} with a body that is not JSON`, response.status);
    }
    if (!response.ok) {
      const detail = asRecord(body);
      const reason = str(detail.error_description) ?? str(detail.error) ?? str(asRecord(detail.error).message) ?? str(detail.detail) ?? `HTTP ${response.status}`;
      throw new OAuthNetworkError(`${network}: ${reason}`, response.status);
    }
    return asRecord(body);
  }

  const bearer = (accessToken: string, extra: Record<string, string> = {}): RequestInit => ({
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...extra },
  });

  /** A form POST to the token endpoint, authenticated as each network documents. */
  async function tokenRequest(params: Record<string, string>): Promise<OAuthTokens> {
    const form = new URLSearchParams(params);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (network === 'twitter') {
      // X: confidential clients use HTTP Basic with the client id and secret.
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', config.clientId);
      form.set('client_secret', config.clientSecret);
    }
    return tokensOf(await json(endpoints.token, { method: 'POST', headers, body: form.toString() }));
  }

  return {
    network,
    usesPkce: network === 'twitter',
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(endpoints.authorize);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', OAUTH_SCOPES[network].join(network === 'facebook' ? ',' : ' '));
      if (network === 'twitter') {
        if (!codeChallenge) throw new OAuthNetworkError('X requires a PKCE code challenge');
        url.searchParams.set('code_challenge', codeChallenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return url.href;
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      if (network === 'facebook') {
        // Graph API: the code is exchanged with a GET carrying the app's credentials.
        const url = new URL(endpoints.token);
        url.searchParams.set('client_id', config.clientId);
        url.searchParams.set('client_secret', config.clientSecret);
        url.searchParams.set('redirect_uri', redirectUri);
        url.searchParams.set('code', code);
        return tokensOf(await json(url.href, { headers: { accept: 'application/json' } }));
      }
      const params: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
      if (network === 'twitter') {
        if (!codeVerifier) throw new OAuthNetworkError('X requires the PKCE code verifier');
        params.code_verifier = codeVerifier;
        params.client_id = config.clientId;
      }
      return tokenRequest(params);
    },
    async refresh(refreshToken) {
      if (network === 'facebook') {
        // Facebook has no refresh tokens: a long-lived token is obtained by exchanging the current one.
        const url = new URL(endpoints.token);
        url.searchParams.set('grant_type', 'fb_exchange_token');
        url.searchParams.set('client_id', config.clientId);
        url.searchParams.set('client_secret', config.clientSecret);
        url.searchParams.set('fb_exchange_token', refreshToken);
        return tokensOf(await json(url.href, { headers: { accept: 'application/json' } }));
      }
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, ...(network === 'twitter' ? { client_id: config.clientId } : {}) });
    },
    async profile(accessToken) {
      if (network === 'twitter') {
        const body = await json(`${endpoints.api}/2/users/me?user.fields=profile_image_url`, bearer(accessToken));
        const data = asRecord(body.data);
        const id = str(data.id);
        if (!id) throw new OAuthNetworkError('X returned no user id');
        // X shares no e-mail address through this API.
        return { id, name: str(data.name) ?? str(data.username) ?? id, email: null, picture: str(data.profile_image_url) };
      }
      if (network === 'linkedin') {
        const body = await json(`${endpoints.api}/v2/userinfo`, bearer(accessToken));
        const id = str(body.sub);
        if (!id) throw new OAuthNetworkError('LinkedIn returned no subject');
        const name = str(body.name) ?? [str(body.given_name), str(body.family_name)].filter(Boolean).join(' ');
        return { id, name: name || id, email: body.email_verified === false ? null : str(body.email)?.toLowerCase() ?? null, picture: str(body.picture) };
      }
      const body = await json(`${endpoints.api}/me?fields=id,name,email,picture`, bearer(accessToken));
      const id = str(body.id);
      if (!id) throw new OAuthNetworkError('Facebook returned no user id');
      return { id, name: str(body.name) ?? id, email: str(body.email)?.toLowerCase() ?? null, picture: str(asRecord(asRecord(body.picture).data).url) };
    },
    async pages(accessToken) {
      if (network === 'facebook') {
        const body = await json(`${endpoints.api}/me/accounts?fields=id,name,picture&limit=100`, bearer(accessToken));
        const data = Array.isArray(body.data) ? body.data : [];
        return data.flatMap((entry): OAuthPage[] => {
          const page = asRecord(entry);
          const id = str(page.id);
          return id ? [{ id, name: str(page.name) ?? id, picture: str(asRecord(asRecord(page.picture).data).url) }] : [];
        });
      }
      if (network === 'linkedin') {
        // Organizations the member administers, then each organization's name.
        const headers = { 'linkedin-version': config.apiVersion ?? DEFAULT_LINKEDIN_API_VERSION, 'x-restli-protocol-version': '2.0.0' };
        const acls = await json(`${endpoints.api}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`, bearer(accessToken, headers));
        const elements = Array.isArray(acls.elements) ? acls.elements : [];
        const ids = elements.flatMap((entry) => {
          const urn = str(asRecord(entry).organization);
          const id = urn?.match(/^urn:li:organization:(\d+)$/)?.[1];
          return id ? [id] : [];
        });
        const pages: OAuthPage[] = [];
        for (const id of ids) {
          const organization = await json(`${endpoints.api}/rest/organizations/${id}`, bearer(accessToken, headers));
          pages.push({ id: `urn:li:organization:${id}`, name: str(organization.localizedName) ?? id, picture: null });
        }
        return pages;
      }
      return [];
    },
  };
}
