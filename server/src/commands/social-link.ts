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
import { ErrorCode, NETWORK_TOGGLES, networkIdOfSlug, ONBOARDING_PATH, type LinkableNetwork } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from '../auth/one-time-tokens.ts';
import { pkcePair } from '../auth/oauth-networks.ts';
import { socialLinkProvider } from '../auth/social-providers.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { socialAccounts, type CompanyRow } from '../db/schema.ts';
import { ApiError, forbidden, notFound } from '../errors.ts';

/** A link may sit on the consent page this long. */
export const SOCIAL_LINK_STATE_TTL_MS = 10 * 60 * 1000;

/** What these commands need from the app context. */
export interface SocialLinkContext {
  db: Database;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port' | 'networks'>;
}

/** A stored link. */
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

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

/** The fixed path the browser returns to: the network's settings section, or onboarding. */
function returnPath(network: LinkableNetwork, onboarding: boolean): string {
  return onboarding ? ONBOARDING_PATH : `/settings?network=${network}`;
}

/** POST link-{network}: issues the state and gives the consent url. */
export async function startSocialLink(
  ctx: SocialLinkContext,
  company: CompanyRow,
  userId: number,
  network: LinkableNetwork,
  options: { isElement: boolean; onboarding: boolean },
): Promise<string> {
  // The PKCE verifier stays on the server with the state; only its challenge goes to the network.
  const pkce = pkcePair();
  const state = await issueOneTimeToken(ctx.db, {
    kind: 'social-link-state',
    userId,
    companyId: company.id,
    email: null,
    ttlMs: SOCIAL_LINK_STATE_TTL_MS,
    data: { network, isElement: options.isElement, onboarding: options.onboarding, codeVerifier: pkce.verifier },
  });
  const origin = companyOrigin(ctx.config, company.subdomain);
  return socialLinkProvider(ctx.db, network, ctx.config.networks).authorizeUrl({ state, origin, codeChallenge: pkce.challenge });
}

/** Whether a state is one this company issued for this network and is still unused. */
export async function linkStateIsUsable(db: Database, company: CompanyRow, network: LinkableNetwork, state: string): Promise<boolean> {
  const found = await findOneTimeToken(db, 'social-link-state', state);
  return found.state === 'valid' && found.row.companyId === company.id && found.row.data.network === network;
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
  const found = await findOneTimeToken(ctx.db, 'social-link-state', input.state);
  const onboarding = found.state === 'valid' && found.row.data.onboarding === true;
  const back = (error: string | null): string => {
    const url = new URL(returnPath(network, onboarding), origin);
    if (error !== null) url.searchParams.set('social_error', error);
    return url.href;
  };
  if (
    found.state !== 'valid' ||
    input.userId === null ||
    found.row.userId !== input.userId ||
    found.row.companyId !== company.id ||
    found.row.data.network !== network
  ) {
    return back('invalid');
  }
  if (!(await consumeOneTimeToken(ctx.db, found.row.id))) return back('invalid');
  if (input.error !== undefined || input.code === undefined) return back('denied');
  const codeVerifier = typeof found.row.data.codeVerifier === 'string' ? found.row.data.codeVerifier : '';
  const account = await socialLinkProvider(ctx.db, network, ctx.config.networks).exchange(input.code, { origin, codeVerifier });
  if (!account) return back('invalid');

  const previous = await linkOf(ctx.db, input.userId, network);
  // A relink keeps the chosen page while the account still has it.
  const pageId = previous?.pageId && account.pages.some((p) => p.id === previous.pageId) ? previous.pageId : null;
  const values = {
    externalId: account.externalId,
    username: account.username,
    picture: account.picture,
    accessToken: account.accessToken,
    refreshToken: account.refreshToken,
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
