/**
 * Which connector speaks for a network here, and the account it publishes as. The real
 * connector when the network's app is configured; else the embedded sandbox when sandbox
 * networks are on (auth/social-providers.ts decides both the same way for linking); else none.
 *
 * The database side of publishing lives here, so connectors stay free of it: reading a link,
 * decrypting its tokens, refreshing them when they are about to lapse, storing the new pair
 * (encrypted) before it is used, and marking a link inactive when the network wants a relink.
 * Refreshes of one link are serialised with a row lock (`select ... for update` in a
 * transaction): X refresh tokens are single use, so two shares racing to refresh would
 * otherwise spend the same refresh token twice and lose the link.
 */
import type { LinkableNetwork } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { providerFetchRules } from '../auth/google.ts';
import { networkAvailable, usesSandbox } from '../auth/social-providers.ts';
import { linkOf, socialTokensOf, storedTokens, type SocialAccountRow } from '../commands/social-link.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { socialAccounts } from '../db/schema.ts';
import { guardedFetch } from '../lib/safe-fetch.ts';
import type { SecretKeyConfig } from '../lib/secrets.ts';
import { facebookConnector } from './facebook/facebook-connector.ts';
import { linkedinConnector } from './linkedin/linkedin-connector.ts';
import { sandboxConnector } from './sandbox/sandbox-connector.ts';
import { RefreshRefusedError, type Connector, type ConnectorAccount, type ConnectorFetch } from './types.ts';
import { xConnector } from './x/x-connector.ts';

/** What choosing and running connectors needs from the app. */
export interface ConnectorDeps {
  db: Database;
  config: Pick<Config, 'networks' | 'networkApis' | 'sandboxNetworks' | 'fetchAllowAddresses' | 'baseDomain' | 'nodeEnv' | 'port'> & SecretKeyConfig;
  /** The HTTP client; by default the SSRF guard's fetch (connectorFetch). */
  fetch?: ConnectorFetch;
}

/** A token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** The longest any one network call may take (uploads included); each connector sets shorter ones per call. */
const NETWORK_CALL_CEILING_MS = 10 * 60 * 1000;
/** The largest answer a network gives (JSON bodies; uploads go the other way). */
const NETWORK_ANSWER_MAX_BYTES = 4 * 1024 * 1024;

/** The SSRF guard's fetch, as connectors call the networks: public addresses only, https only in production. */
export function connectorFetch(config: Pick<Config, 'nodeEnv' | 'fetchAllowAddresses'>): ConnectorFetch {
  return guardedFetch({ ...providerFetchRules(config), timeoutMs: NETWORK_CALL_CEILING_MS, maxBytes: NETWORK_ANSWER_MAX_BYTES, userAgent: 'Chorus/1.0' });
}

/**
 * The connector of a network: the real one when its app is configured, the sandbox when sandbox
 * networks are on, else null (the network cannot be shared to here).
 */
export function connectorFor(deps: ConnectorDeps, network: LinkableNetwork): Connector | null {
  if (!networkAvailable(network, deps.config)) return null;
  if (usesSandbox(network, deps.config)) return sandboxConnector(deps, network);
  const call = deps.fetch ?? connectorFetch(deps.config);
  const apis = deps.config.networkApis;
  if (network === 'twitter' && deps.config.networks.twitter) return xConnector({ fetch: call, baseUrl: apis.xApiBaseUrl, client: deps.config.networks.twitter });
  if (network === 'linkedin' && deps.config.networks.linkedin) return linkedinConnector({ fetch: call, baseUrl: apis.linkedinApiBaseUrl, version: apis.linkedinApiVersion });
  if (network === 'facebook' && deps.config.networks.facebook) return facebookConnector({ fetch: call, baseUrl: apis.facebookGraphBaseUrl, version: apis.facebookGraphVersion });
  return null;
}

/** Whose link to publish with: the person, in the company they share from. */
export interface AccountRef {
  userId: number;
  companyId: number;
  network: LinkableNetwork;
}

/** How running with a link went. */
export type FreshAccountResult<T> =
  /** `use` ran; if it answered a `relink` outcome, the link is now inactive. */
  | { kind: 'done'; value: T; link: SocialAccountRow }
  /** The person has no link of this network (310). */
  | { kind: 'not_linked' }
  /** No connector for the network here (no app, sandbox off). */
  | { kind: 'unavailable' }
  /** The link is inactive, or its token lapsed and could not be refreshed: the person must relink (203). */
  | { kind: 'relink'; detail: string }
  /** The refresh failed for a passing reason and the token has lapsed: try again later. */
  | { kind: 'retryable'; detail: string };

/** The connector's view of a stored link (tokens decrypted). */
export function connectorAccountOf(deps: Pick<ConnectorDeps, 'config'>, link: SocialAccountRow, companyId: number): ConnectorAccount {
  const tokens = socialTokensOf(deps.config, link);
  const page = link.pageId === null ? null : (link.pages.find((p) => p.id === link.pageId) ?? { id: link.pageId, name: link.pageId });
  return {
    externalId: link.externalId,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    tokenExpiresAt: link.tokenExpiresAt,
    // The stored pages carry no page token: Facebook's connector asks Graph for it with the person's token.
    page: page === null ? null : { id: page.id, accessToken: null, name: page.name },
    holder: { userId: link.userId, companyId, name: link.username },
  };
}

/** Marks a link inactive: the network refused its token, so the person must relink. */
export async function markRelinkNeeded(db: Database, linkId: number): Promise<void> {
  await db.update(socialAccounts).set({ isActive: false, updated: new Date() }).where(eq(socialAccounts.id, linkId));
}

function needsRefresh(link: SocialAccountRow, now: number): boolean {
  return link.tokenExpiresAt !== null && link.tokenExpiresAt.getTime() - now < REFRESH_MARGIN_MS;
}

function lapsed(link: SocialAccountRow, now: number): boolean {
  return link.tokenExpiresAt !== null && link.tokenExpiresAt.getTime() <= now;
}

type RefreshResult = { kind: 'ok'; link: SocialAccountRow } | { kind: 'relink'; detail: string } | { kind: 'retryable'; detail: string } | { kind: 'not_linked' };

/**
 * Refreshes a link's tokens under its row lock. Whoever waited for the lock finds the tokens
 * already fresh and uses them; the new pair is committed before anyone uses it.
 */
async function refreshUnderLock(deps: ConnectorDeps, connector: Connector, linkId: number, companyId: number): Promise<RefreshResult> {
  return deps.db.transaction(async (tx): Promise<RefreshResult> => {
    const [link] = await tx.select().from(socialAccounts).where(eq(socialAccounts.id, linkId)).for('update');
    if (!link) return { kind: 'not_linked' };
    if (!link.isActive) return { kind: 'relink', detail: 'The link is inactive.' };
    const now = Date.now();
    if (!needsRefresh(link, now)) return { kind: 'ok', link };
    const account = connectorAccountOf(deps, link, companyId);
    let fresh;
    try {
      fresh = await connector.refresh(account);
    } catch (error) {
      if (error instanceof RefreshRefusedError) {
        await tx.update(socialAccounts).set({ isActive: false, updated: new Date() }).where(eq(socialAccounts.id, link.id));
        return { kind: 'relink', detail: error.message };
      }
      const detail = error instanceof Error ? error.message : 'The token refresh failed.';
      return lapsed(link, now) ? { kind: 'retryable', detail } : { kind: 'ok', link };
    }
    if (fresh === null) {
      // No refresh token (LinkedIn, the sandbox): the token serves until it lapses, then a relink.
      if (!lapsed(link, now)) return { kind: 'ok', link };
      await tx.update(socialAccounts).set({ isActive: false, updated: new Date() }).where(eq(socialAccounts.id, link.id));
      return { kind: 'relink', detail: 'The token has expired and the network gives no refresh token.' };
    }
    const stored = storedTokens(deps.config, { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken ?? account.refreshToken });
    const [updated] = await tx
      .update(socialAccounts)
      .set({ ...stored, tokenExpiresAt: fresh.expiresAt, updated: new Date() })
      .where(eq(socialAccounts.id, link.id))
      .returning();
    return updated ? { kind: 'ok', link: updated } : { kind: 'not_linked' };
  });
}

function isRelinkOutcome(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'relink';
}

/**
 * Runs `use` with the person's link of a network, its tokens fresh: loads the link, refreshes
 * under the link's lock when the token is within REFRESH_MARGIN_MS of lapsing, and, when `use`
 * answers a `relink` outcome (PublishOutcome), marks the link inactive. Recording the relink
 * event is the caller's (the share command's) part.
 */
export async function withFreshAccount<T>(deps: ConnectorDeps, ref: AccountRef, use: (connector: Connector, account: ConnectorAccount, link: SocialAccountRow) => Promise<T>): Promise<FreshAccountResult<T>> {
  const connector = connectorFor(deps, ref.network);
  if (!connector) return { kind: 'unavailable' };
  let link = await linkOf(deps.db, ref.userId, ref.network);
  if (!link) return { kind: 'not_linked' };
  if (!link.isActive) return { kind: 'relink', detail: 'The link is inactive.' };
  if (needsRefresh(link, Date.now())) {
    const refreshed = await refreshUnderLock(deps, connector, link.id, ref.companyId);
    if (refreshed.kind !== 'ok') return refreshed;
    link = refreshed.link;
  }
  const value = await use(connector, connectorAccountOf(deps, link, ref.companyId), link);
  if (isRelinkOutcome(value)) await markRelinkNeeded(deps.db, link.id);
  return { kind: 'done', value, link };
}
