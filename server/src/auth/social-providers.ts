/**
 * Social sign-in and account-linking providers. Each network is reached through the same small
 * interface: the real OAuth 2.0 client of X, LinkedIn or Facebook (auth/oauth-networks.ts) when
 * its client id and secret are configured, and otherwise, when sandbox networks are on (see
 * Config.sandboxNetworks: a development and demo aid, off in production unless asked for), the
 * embedded sandbox: a local consent page served by Chorus itself, where the person types the
 * profile the network would share. Its codes are single-use one-time tokens holding that
 * profile, so a code cannot be replayed or forged; what was typed proves nothing, so a sandbox
 * account is bound to the browser that made it and signs in only once linked (see
 * commands/federated-sign-in.ts). Linking an account for sharing (social/link-{network}) works
 * the same way with its own consent page and codes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { OAuthNetworkError, oauthNetworkClient, type OAuthNetwork, type OAuthNetworkClient } from './oauth-networks.ts';
import { issueOneTimeToken, redeemToken } from './one-time-tokens.ts';
import { hashToken } from './sessions.ts';

/** The configured real clients, and whether a network without one falls back to the sandbox. */
export type NetworkSettings = Pick<Config, 'networks' | 'sandboxNetworks'>;

/** What one authorization attempt carries from its start to its callback. */
export interface AuthorizeInput {
  state: string;
  /** The company's origin, where the network sends the browser back. */
  origin: string;
  /** The PKCE challenge of the attempt (X requires one; the sandbox ignores it). */
  codeChallenge: string;
}

/** What the callback's code exchange needs beside the code. */
export interface ExchangeInput {
  origin: string;
  /** The PKCE verifier kept with the attempt's state. */
  codeVerifier: string;
}

/** What a network tells us about the person after they allowed the sign-in. */
export interface SocialProfile {
  /** The network's stable account id. */
  subject: string;
  displayName: string;
  /** The e-mail the network shared, if any. */
  email: string | null;
}

/** A social network's OAuth 2.0 client, as the sign-in needs it. */
export interface SocialProvider {
  /** Where the browser goes to ask the person for consent. */
  authorizeUrl(input: AuthorizeInput): string;
  /** Trades the callback's code for the profile; null for an unknown, used or expired code. */
  exchange(code: string, input: ExchangeInput): Promise<SocialProfile | null>;
}

/** Sandbox codes live just long enough to follow a redirect. */
export const SANDBOX_CODE_TTL_MS = 2 * 60 * 1000;

function normalisedName(displayName: string): string {
  return displayName.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The sandbox account id of a typed name (linking for sharing): stable, so a relink finds the same account. */
export function sandboxSubject(displayName: string): string {
  return `sandbox:${normalisedName(displayName)}`;
}

/**
 * The sandbox sign-in account id of a typed name in one browser (`browserSecret` is its
 * sandbox cookie): stable there, so the same person signs in as the same account, and out of
 * reach of anyone typing the same name elsewhere.
 */
export function sandboxSignInSubject(browserSecret: string, displayName: string): string {
  return `sandbox:${hashToken(`${browserSecret}\n${normalisedName(displayName)}`).slice(0, 32)}`;
}

/** Issues a sandbox code for a profile the person typed on the consent page. */
export function issueSandboxCode(db: Database, network: string, profile: SocialProfile): Promise<string> {
  return issueOneTimeToken(db, {
    kind: 'social-code',
    userId: null,
    companyId: null,
    email: profile.email,
    ttlMs: SANDBOX_CODE_TTL_MS,
    data: { network, subject: profile.subject, displayName: profile.displayName },
  });
}

/** The embedded sandbox network of one slug: consent at /api/v1/auth/sandbox/{network}/authorize. */
export function sandboxProvider(db: Database, network: string): SocialProvider {
  return {
    authorizeUrl({ state, origin }) {
      const url = new URL(`/api/v1/auth/sandbox/${encodeURIComponent(network)}/authorize`, origin);
      url.searchParams.set('state', state);
      return url.href;
    },
    async exchange(code) {
      const found = await redeemToken(db, 'social-code', code, { accept: (data) => data.network === network });
      if (found.state !== 'valid') return null;
      return { subject: found.data.subject, displayName: found.data.displayName, email: found.row.email };
    },
  };
}

/** The configured real client of a network, if any. */
function realClient(network: string, clients: NetworkSettings['networks']): OAuthNetworkClient | null {
  if (network !== 'twitter' && network !== 'linkedin' && network !== 'facebook') return null;
  const config = clients[network as OAuthNetwork];
  return config ? oauthNetworkClient(network, config) : null;
}

/**
 * Runs a network call of a callback. A network that refuses the code or answers something
 * unexpected makes the attempt fail like a bad code (null), never an unhandled error.
 */
async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OAuthNetworkError || error instanceof TypeError) return null;
    throw error;
  }
}

/** Sign-in through a network's real OAuth client; its callback is /api/v1/auth/sign-in/{network}/callback. */
export function oauthSignInProvider(client: OAuthNetworkClient): SocialProvider {
  const redirectUri = (origin: string): string => new URL(`/api/v1/auth/sign-in/${client.network}/callback`, origin).href;
  return {
    authorizeUrl: ({ state, origin, codeChallenge }) => client.authorizeUrl({ state, redirectUri: redirectUri(origin), codeChallenge }),
    exchange: (code, { origin, codeVerifier }) =>
      orNull(async () => {
        const tokens = await client.exchangeCode({ code, redirectUri: redirectUri(origin), codeVerifier });
        const profile = await client.profile(tokens.accessToken);
        return { subject: profile.id, displayName: profile.name, email: profile.email };
      }),
  };
}

/** The networks the sandbox can stand in for: those with a real OAuth client here. */
const SANDBOX_NETWORKS: readonly string[] = ['twitter', 'linkedin', 'facebook'];

/** Whether the embedded sandbox stands in for this network (no real client, sandbox networks on). */
export function usesSandbox(network: string, settings: NetworkSettings): boolean {
  return SANDBOX_NETWORKS.includes(network) && settings.sandboxNetworks && realClient(network, settings.networks) === null;
}

/** Whether a network can be reached here at all: its real client, or the sandbox where allowed. */
export function networkAvailable(network: string, settings: NetworkSettings): boolean {
  return realClient(network, settings.networks) !== null || usesSandbox(network, settings);
}

/**
 * The sign-in provider of a network: its real client when configured, else the sandbox when
 * sandbox networks are on, else null (the network is not offered).
 */
export function socialProvider(db: Database, network: string, settings: NetworkSettings): SocialProvider | null {
  const client = realClient(network, settings.networks);
  if (client) return oauthSignInProvider(client);
  return usesSandbox(network, settings) ? sandboxProvider(db, network) : null;
}


/** A page the linked account may post as (Facebook business page, LinkedIn company page). */
export interface LinkedPage {
  id: string;
  name: string;
  picture: string | null;
}

/** What linking an account for sharing gets from the network: who it is, its tokens and pages. */
export interface LinkedAccount {
  externalId: string;
  username: string;
  picture: string | null;
  accessToken: string;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  pages: LinkedPage[];
}

/** A social network's OAuth 2.0 client, as linking an account for sharing needs it. */
export interface SocialLinkProvider {
  /** Where the browser goes to ask the person for consent to post on their behalf. */
  authorizeUrl(input: AuthorizeInput): string;
  /** Trades the callback's code for the account; null for an unknown, used or expired code. */
  exchange(code: string, input: ExchangeInput): Promise<LinkedAccount | null>;
}

/** Sandbox access tokens last 60 days, like LinkedIn's. */
export const SANDBOX_TOKEN_TTL_MS = 60 * 24 * 60 * 60 * 1000;

/** Issues a sandbox link code for the account name the person typed on the linking consent page. */
export function issueSandboxLinkCode(db: Database, network: string, input: { displayName: string; companyName: string }): Promise<string> {
  return issueOneTimeToken(db, {
    kind: 'social-link-code',
    userId: null,
    companyId: null,
    email: null,
    ttlMs: SANDBOX_CODE_TTL_MS,
    data: { network, displayName: input.displayName, companyName: input.companyName },
  });
}

/** The sandbox pages of an account: two business pages on Facebook, two company pages on LinkedIn. */
export function sandboxPages(network: string, subject: string, input: { displayName: string; companyName: string }): LinkedPage[] {
  const key = createHash('sha256').update(`${network}\n${subject}`).digest('hex').slice(0, 12);
  if (network === 'facebook') {
    return [
      { id: `fb-page-${key}-1`, name: `${input.companyName} Community`, picture: null },
      { id: `fb-page-${key}-2`, name: `${input.displayName} Business`, picture: null },
    ];
  }
  if (network === 'linkedin') {
    return [
      { id: `li-company-${key}-1`, name: input.companyName, picture: null },
      { id: `li-company-${key}-2`, name: `${input.companyName} Careers`, picture: null },
    ];
  }
  return [];
}

/**
 * The embedded sandbox network for linking: consent at /api/v1/social/sandbox/{network}/authorize;
 * the code gives a fresh random access token and the sandbox pages of the account.
 */
export function sandboxLinkProvider(db: Database, network: string): SocialLinkProvider {
  return {
    authorizeUrl({ state, origin }) {
      const url = new URL(`/api/v1/social/sandbox/${encodeURIComponent(network)}/authorize`, origin);
      url.searchParams.set('state', state);
      return url.href;
    },
    async exchange(code) {
      const found = await redeemToken(db, 'social-link-code', code, { accept: (data) => data.network === network });
      if (found.state !== 'valid') return null;
      const { displayName, companyName } = found.data;
      const subject = sandboxSubject(displayName);
      return {
        externalId: subject,
        username: displayName,
        picture: null,
        accessToken: `sandbox-${randomBytes(32).toString('base64url')}`,
        refreshToken: null,
        tokenExpiresAt: new Date(Date.now() + SANDBOX_TOKEN_TTL_MS),
        pages: sandboxPages(network, subject, { displayName, companyName }),
      };
    },
  };
}

/** Linking through a network's real OAuth client; its callback is /api/v1/social/callback/{network}. */
export function oauthLinkProvider(client: OAuthNetworkClient): SocialLinkProvider {
  const redirectUri = (origin: string): string => new URL(`/api/v1/social/callback/${client.network}`, origin).href;
  return {
    authorizeUrl: ({ state, origin, codeChallenge }) => client.authorizeUrl({ state, redirectUri: redirectUri(origin), codeChallenge }),
    exchange: (code, { origin, codeVerifier }) =>
      orNull(async () => {
        const tokens = await client.exchangeCode({ code, redirectUri: redirectUri(origin), codeVerifier });
        const profile = await client.profile(tokens.accessToken);
        const pages = await client.pages(tokens.accessToken);
        return {
          externalId: profile.id,
          username: profile.name,
          picture: profile.picture,
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          tokenExpiresAt: tokens.expiresAt,
          pages,
        };
      }),
  };
}

/** The linking client of a network: its real client when configured, else the sandbox when on, else null. */
export function socialLinkProvider(db: Database, network: string, settings: NetworkSettings): SocialLinkProvider | null {
  const client = realClient(network, settings.networks);
  if (client) return oauthLinkProvider(client);
  return usesSandbox(network, settings) ? sandboxLinkProvider(db, network) : null;
}
