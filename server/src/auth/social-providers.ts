/**
 * Social sign-in providers. Each network is reached through the same small interface, so the
 * real OAuth 2.0 clients of X, LinkedIn and Facebook can be added beside the embedded sandbox.
 * Only the sandbox is implemented: a local consent page served by Chorus itself, where the
 * person types the profile the network would share. Its codes are single-use one-time tokens
 * holding that profile, so a code cannot be replayed or forged.
 */
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

