/**
 * Social sign-in providers. Each network is reached through the same small interface, so the
 * real OAuth 2.0 clients of X, LinkedIn and Facebook can be added beside the embedded sandbox.
 * Only the sandbox is implemented: a local consent page served by Chorus itself, where the
 * person types the profile the network would share. Its codes are single-use one-time tokens
 * holding that profile, so a code cannot be replayed or forged. Linking an account for sharing
 * (social/link-{network}) uses the same sandbox with its own consent page and codes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from './one-time-tokens.ts';

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
  authorizeUrl(input: { network: string; state: string; origin: string }): string;
  /** Trades the callback's code for the profile; null for an unknown, used or expired code. */
  exchange(code: string): Promise<SocialProfile | null>;
}

/** Sandbox codes live just long enough to follow a redirect. */
export const SANDBOX_CODE_TTL_MS = 2 * 60 * 1000;

/** The sandbox account id of a typed name: stable, so the same name signs in as the same account. */
export function sandboxSubject(displayName: string): string {
  return `sandbox:${displayName.trim().toLowerCase().replace(/\s+/g, ' ')}`;
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
      const found = await findOneTimeToken(db, 'social-code', code);
      if (found.state !== 'valid') return null;
      const { subject, displayName } = found.row.data;
      if (found.row.data.network !== network || typeof subject !== 'string' || typeof displayName !== 'string') return null;
      if (!(await consumeOneTimeToken(db, found.row.id))) return null;
      return { subject, displayName, email: found.row.email };
    },
  };
}

/** The provider of a network: the sandbox until a real client is configured. */
export function socialProvider(db: Database, network: string): SocialProvider {
  return sandboxProvider(db, network);
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
  authorizeUrl(input: { state: string; origin: string }): string;
  /** Trades the callback's code for the account; null for an unknown, used or expired code. */
  exchange(code: string): Promise<LinkedAccount | null>;
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
      const found = await findOneTimeToken(db, 'social-link-code', code);
      if (found.state !== 'valid') return null;
      const { displayName, companyName } = found.row.data;
      if (found.row.data.network !== network || typeof displayName !== 'string' || typeof companyName !== 'string') return null;
      if (!(await consumeOneTimeToken(db, found.row.id))) return null;
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

/** The linking client of a network: the sandbox until a real client is configured. */
export function socialLinkProvider(db: Database, network: string): SocialLinkProvider {
  return sandboxLinkProvider(db, network);
}
