/**
 * Tracked short links (`/r/{code}`, content-library spec 5 "Copy link"): one per person, post,
 * share-flow type and network. Copy link and e-mail give it to the person, and published
 * captions carry it instead of the post's bare url, so every click is counted per sharer and
 * share. A visit redirects to the post's url and, when a person made it for the first time that
 * day, records the click (post_clicks with the channel and network, and a `link_clicked` event);
 * see followTrackedLink.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { linkVisits, postClicks, posts, shareLinks, type CompanyRow } from '../db/schema.ts';
import { isAutomatedVisit, type VisitSignals } from '../lib/automated-visits.ts';
import type { SecretKeyConfig } from '../lib/secrets.ts';
import { visitorKey } from '../lib/visitor-key.ts';
import { countRequest, RATE_LIMIT_WINDOW_MS } from '../plugins/rate-limit.ts';
import { isLivePost } from '../presenters/post.ts';
import { isInternalPost } from './share-checks.ts';
import { recordEvent } from './share-events.ts';

/** Codes are 10 base64url characters (60 random bits): short in a caption, not guessable. */
const CODE_BYTES = 8;
const CODE_LENGTH = 10;

/** A tracked link's code pattern, checked before any look-up. */
export const TRACKED_CODE_PATTERN = /^[A-Za-z0-9_-]{10}$/;

/** Whose link it is and where it is shared. */
export interface TrackedLinkOwner {
  companyId: number;
  userId: number;
  postId: number;
  channel: number;
  /** The network the link is published on; null for copy link and e-mail. */
  network: number | null;
}

function newCode(): string {
  return randomBytes(CODE_BYTES).toString('base64url').slice(0, CODE_LENGTH);
}

/** The person's link for this post, channel and network: the existing one, or a new one. */
export async function trackedLinkFor(db: Database, owner: TrackedLinkOwner): Promise<{ id: number; code: string }> {
  const sameOwner = and(
    eq(shareLinks.userId, owner.userId),
    eq(shareLinks.postId, owner.postId),
    eq(shareLinks.channel, owner.channel),
    owner.network === null ? isNull(shareLinks.network) : eq(shareLinks.network, owner.network),
  );
  const [found] = await db.select({ id: shareLinks.id, code: shareLinks.code }).from(shareLinks).where(sameOwner).limit(1);
  if (found) return found;
  // A concurrent request may insert the same owner's link first: keep theirs. A code collision
  // (one in 2^60 per pair) fails the insert, and the next request draws again.
  const [inserted] = await db
    .insert(shareLinks)
    .values({ ...owner, code: newCode() })
    .onConflictDoNothing()
    .returning({ id: shareLinks.id, code: shareLinks.code });
  if (inserted) return inserted;
  const [raced] = await db.select({ id: shareLinks.id, code: shareLinks.code }).from(shareLinks).where(sameOwner).limit(1);
  if (!raced) throw new Error('tracked link vanished after a conflicting insert');
  return raced;
}

/** The public URL of a tracked link on the company's host. */
export function trackedUrl(config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>, company: Pick<CompanyRow, 'subdomain'>, code: string): string {
  return `${companyOrigin(config, company.subdomain)}/r/${code}`;
}

/** Counted clicks of one link in a minute at most: beyond, visits are redirected and kept raw only. */
export const LINK_CLICKS_PER_MINUTE = 60;

/** One visit to a tracked link, as the route saw it. */
export interface LinkVisit extends VisitSignals {
  /** The client address (the connection's, or the trusted proxies'); only its HMAC is kept. */
  ip: string;
}

/** How a visit ends: sent on to the post, or told it is gone (expired, no longer live, internal). */
export type FollowedLink = { kind: 'redirect'; url: string } | { kind: 'unavailable' };

/** The UTC day of a moment, as link_visits keeps it. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The day this process last dropped earlier days' visitor keys. */
let sweptDay: string | null = null;

/** Drops the visitor keys of days before `day` (they decide nothing any more), once a day per process. */
async function dropOldVisitors(db: Database, day: string): Promise<void> {
  if (sweptDay === day) return;
  sweptDay = day;
  await db.delete(linkVisits).where(lt(linkVisits.day, day));
}

/**
 * Follows a tracked link of the company, or null for an unknown code or a post without a url.
 * Every visit adds to the link's raw count. A post that is no longer live (expired, not
 * started, unpublished) or has become internal is `unavailable`: nobody is sent to it, nothing
 * counts. Otherwise the visit is redirected, and it counts as a click (post_clicks, the
 * `link_clicked` event and the link's `clicks`, in one transaction) only when a person made it
 * (lib/automated-visits.ts), for the first time that UTC day (its visitor key,
 * lib/visitor-key.ts), and within the link's LINK_CLICKS_PER_MINUTE.
 */
export async function followTrackedLink(db: Database, config: SecretKeyConfig, companyId: number, code: string, visit: LinkVisit): Promise<FollowedLink | null> {
  if (!TRACKED_CODE_PATTERN.test(code)) return null;
  const [link] = await db
    .select({ link: shareLinks, post: { url: posts.url, status: posts.status, start: posts.start, expiration: posts.expiration, twitter: posts.twitter, facebook: posts.facebook, linkedin: posts.linkedin } })
    .from(shareLinks)
    .innerJoin(posts, eq(posts.id, shareLinks.postId))
    .where(and(eq(shareLinks.code, code), eq(shareLinks.companyId, companyId)))
    .limit(1);
  if (!link || link.post.url === null) return null;
  const { id, postId, userId, channel, network } = link.link;
  const now = new Date();
  const available = isLivePost(link.post, now) && !isInternalPost(link.post);
  const counts = available && !isAutomatedVisit(visit);
  await dropOldVisitors(db, utcDay(now));
  await db.transaction(async (tx) => {
    await tx.update(shareLinks).set({ rawClicks: sql`${shareLinks.rawClicks} + 1` }).where(eq(shareLinks.id, id));
    if (!counts) return;
    const day = utcDay(now);
    const visitor = visitorKey(config, { day, ip: visit.ip, userAgent: visit.userAgent ?? '' });
    const [first] = await tx.insert(linkVisits).values({ linkId: id, day, visitor }).onConflictDoNothing().returning({ linkId: linkVisits.linkId });
    if (!first) return;
    const windowStart = new Date(now.getTime() - (now.getTime() % RATE_LIMIT_WINDOW_MS));
    if ((await countRequest(tx, `link-clicks:${id}`, windowStart)) > LINK_CLICKS_PER_MINUTE) return;
    // The visitor is someone outside; the click is credited to the link's person through link_id.
    await tx.update(shareLinks).set({ clicks: sql`${shareLinks.clicks} + 1` }).where(eq(shareLinks.id, id));
    await tx.insert(postClicks).values({ companyId, postId, userId: null, channel, network, linkId: id });
    await recordEvent(tx, { companyId, userId, postId, network, kind: 'link_clicked', data: { linkId: id, channel } });
  });
  if (!available) return { kind: 'unavailable' };
  return { kind: 'redirect', url: link.post.url };
}
