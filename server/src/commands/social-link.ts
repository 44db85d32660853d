/**
 * Linking social networks for sharing (accounts spec 2, 3, 7): start the network's OAuth 2.0
 * consent (the embedded sandbox until a real client is configured), finish it in the callback,
 * unlink, and choose the page to post as.
 *
 * The state is a one-time token (256 bits, stored hashed, single use) bound to the user and
 * company that started the link; the callback only accepts it from that user's session, so a
 * consent link sent to someone else cannot attach a stranger's account to them. The browser
 * returns only to fixed paths of the company's own origin.
 */
import { ErrorCode, NETWORK_TOGGLES, networkIdOfSlug, ONBOARDING_PATH, safeNextPath, type LinkableNetwork } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { peekToken, redeemToken, reissueOneTimeToken } from '../auth/one-time-tokens.ts';
import { pkcePair } from '../auth/oauth-networks.ts';
import { socialLinkProvider } from '../auth/social-providers.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { socialAccounts, type CompanyRow, type SocialAccountRow } from '../db/schema.ts';
import { ApiError, forbidden, notFound } from '../errors.ts';
import { decryptSecret, encryptSecret, keyringOf, type SecretKeyConfig } from '../lib/secrets.ts';

/** A link may sit on the consent page this long. */
export const SOCIAL_LINK_STATE_TTL_MS = 10 * 60 * 1000;

/** What these commands need from the app context. */
export interface SocialLinkContext {
  db: Database;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'networks' | 'sandboxNetworks'> & SecretKeyConfig;
}

/** A stored link. Its tokens are encrypted at rest: read them with socialTokensOf. */
export type { SocialAccountRow };

/** A link's network tokens, as the network issued them. */
export interface SocialTokens {
  accessToken: string;
  refreshToken: string | null;
}

/**
 * The plain tokens of a stored link, for calling the network on the person's behalf; throws
 * SecretKeyError when they were encrypted under a key this server does not have.
 */
export function socialTokensOf(config: SecretKeyConfig, row: Pick<SocialAccountRow, 'accessToken' | 'refreshToken'>): SocialTokens {
  const keyring = keyringOf(config);
  return {
    accessToken: decryptSecret(keyring, row.accessToken, 'social_accounts.access_token'),
    refreshToken: row.refreshToken === null ? null : decryptSecret(keyring, row.refreshToken, 'social_accounts.refresh_token'),
  };
}

/** The stored (encrypted) form of a link's tokens (linking, and the connectors' refreshes). */
export function storedTokens(config: SecretKeyConfig, tokens: SocialTokens): SocialTokens {
  const keyring = keyringOf(config);
  return {
    accessToken: encryptSecret(keyring, tokens.accessToken, 'social_accounts.access_token'),
    refreshToken: tokens.refreshToken === null ? null : encryptSecret(keyring, tokens.refreshToken, 'social_accounts.refresh_token'),
  };
}

const SLUGS: readonly string[] = ['twitter', 'facebook', 'linkedin'];

/** Whether the company enables the network (its feature toggle). */
export function networkEnabled(company: CompanyRow, network: LinkableNetwork): boolean {
  return company.featureToggles[NETWORK_TOGGLES[network]];
}

/** The networks the company enables, in the spec's order. */
export function enabledNetworks(company: CompanyRow): LinkableNetwork[] {
  return (SLUGS as LinkableNetwork[]).filter((network) => networkEnabled(company, network));
}

/** A network slug from a path: unknown slugs are 404, networks the company turned off are 403. */
export function requireNetwork(company: CompanyRow, slug: unknown): LinkableNetwork {
  if (typeof slug !== 'string' || !SLUGS.includes(slug)) throw notFound('This network cannot be linked.');
  const network = slug as LinkableNetwork;
  if (!networkEnabled(company, network)) throw forbidden('This network is turned off for your company.');
  return network;
}

/** The user's links, by network slug. */
export async function linksOf(db: Database, userId: number): Promise<Map<LinkableNetwork, SocialAccountRow>> {
  const rows = await db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
  const links = new Map<LinkableNetwork, SocialAccountRow>();
  for (const row of rows) {
    const slug = SLUGS[row.network - 1];
    if (slug !== undefined) links.set(slug as LinkableNetwork, row);
  }
  return links;
}

/** The user's link of one network, if any. */
export async function linkOf(db: Database, userId: number, network: LinkableNetwork): Promise<SocialAccountRow | null> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.network, networkIdOfSlug(network))))
    .limit(1);
  return row ?? null;
}

/**
 * The path the browser returns to: a resume path the link was started with (the share
 * modal's `/post-share/...`, checked again here), else the network's settings section or onboarding.
 */
function returnPath(network: LinkableNetwork, onboarding: boolean, returnTo: string | null = null): string {
  const resume = safeNextPath(returnTo);
  if (resume !== null) return resume;
  return onboarding ? ONBOARDING_PATH : `/settings?network=${network}`;
}

/** POST link-{network}: issues the state and gives the consent url. */
export async function startSocialLink(
  ctx: SocialLinkContext,
  company: CompanyRow,
  userId: number,
  network: LinkableNetwork,
  options: { isElement: boolean; onboarding: boolean; returnTo?: string | null },
): Promise<string> {
  const provider = socialLinkProvider(ctx.db, network, ctx.config);
  if (!provider) throw notFound('This network cannot be linked.');
  // The PKCE verifier stays on the server with the state; only its challenge goes to the network.
  const pkce = pkcePair();
  // One live state per person and network: a share call repeated without a link replaces it.
  const state = await reissueOneTimeToken(
    ctx.db,
    {
      kind: 'social-link-state',
      userId,
      companyId: company.id,
      email: null,
      ttlMs: SOCIAL_LINK_STATE_TTL_MS,
      data: { network, isElement: options.isElement, onboarding: options.onboarding, codeVerifier: pkce.verifier, returnTo: safeNextPath(options.returnTo ?? null) },
    },
    'network',
  );
  const origin = companyOrigin(ctx.config, company.subdomain);
  return provider.authorizeUrl({ state, origin, codeChallenge: pkce.challenge });
}

/** Whether a state is one this company issued for this network and is still unused. */
export async function linkStateIsUsable(db: Database, company: CompanyRow, network: LinkableNetwork, state: string): Promise<boolean> {
  const found = await peekToken(db, 'social-link-state', state, { companyId: company.id, accept: (data) => data.network === network });
  return found.state === 'valid';
}

/**
 * The network's callback: checks the state against the signed-in user, stores (or relinks)
 * the account and gives the url to return to; failures return there with `social_error`.
 */
export async function completeSocialLink(
  ctx: SocialLinkContext,
  company: CompanyRow,
  network: LinkableNetwork,
  input: { state: string; code?: string | undefined; error?: string | undefined; userId: number | null },
): Promise<string> {
  const origin = companyOrigin(ctx.config, company.subdomain);
  const peeked = await peekToken(ctx.db, 'social-link-state', input.state);
  const onboarding = peeked.state === 'valid' && peeked.data.onboarding;
  const returnTo = peeked.state === 'valid' ? peeked.data.returnTo : null;
  const back = (error: string | null): string => {
    const url = new URL(returnPath(network, onboarding, returnTo), origin);
    if (error !== null) url.searchParams.set('social_error', error);
    return url.href;
  };
  if (input.userId === null) return back('invalid');
  const found = await redeemToken(ctx.db, 'social-link-state', input.state, { userId: input.userId, companyId: company.id, accept: (data) => data.network === network });
  if (found.state !== 'valid') return back('invalid');
  if (input.error !== undefined || input.code === undefined) return back('denied');
  const provider = socialLinkProvider(ctx.db, network, ctx.config);
  const account = provider ? await provider.exchange(input.code, { origin, codeVerifier: found.data.codeVerifier }) : null;
  if (!account) return back('invalid');

  const previous = await linkOf(ctx.db, input.userId, network);
  // A relink keeps the chosen page while the account still has it.
  const pageId = previous?.pageId && account.pages.some((p) => p.id === previous.pageId) ? previous.pageId : null;
  const values = {
    externalId: account.externalId,
    username: account.username,
    picture: account.picture,
    ...storedTokens(ctx.config, account),
    tokenExpiresAt: account.tokenExpiresAt,
    isActive: true,
    pages: account.pages,
    pageId,
    updated: new Date(),
  };
  await ctx.db
    .insert(socialAccounts)
    .values({ userId: input.userId, network: networkIdOfSlug(network), ...values })
    .onConflictDoUpdate({ target: [socialAccounts.userId, socialAccounts.network], set: values });
  return back(null);
}

/** POST unlink-{network}: removes the link, or 310 when there is none. */
export async function unlinkSocialNetwork(db: Database, userId: number, network: LinkableNetwork): Promise<void> {
  const removed = await db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.network, networkIdOfSlug(network))))
    .returning({ id: socialAccounts.id });
  if (removed.length === 0) throw new ApiError(ErrorCode.NETWORK_NOT_LINKED);
}

/**
 * POST use-page: posts as one of the account's pages, or (null) as the person. An unlinked
 * network is 310; a page the account does not have is 201.
 */
export async function chooseSocialPage(db: Database, userId: number, network: LinkableNetwork, pageId: string | null): Promise<SocialAccountRow> {
  const link = await linkOf(db, userId, network);
  if (!link) throw new ApiError(ErrorCode.NETWORK_NOT_LINKED);
  if (pageId !== null && !link.pages.some((p) => p.id === pageId)) {
    throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, undefined, [{ path: network === 'facebook' ? 'page' : 'company', message: 'This page is not one of the linked account.' }]);
  }
  const [row] = await db.update(socialAccounts).set({ pageId, updated: new Date() }).where(eq(socialAccounts.id, link.id)).returning();
  if (!row) throw new ApiError(ErrorCode.NETWORK_NOT_LINKED);
  return row;
}
