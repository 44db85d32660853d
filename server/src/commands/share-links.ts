/**
 * Tracked short links (`/r/{code}`, content-library spec 5 "Copy link"): one per person, post,
 * share-flow type and network. Copy link and e-mail give it to the person, and published
 * captions carry it instead of the post's bare url, so every click is counted per sharer and
 * share. A visit records the click (post_clicks with the channel and network, and a
 * `link_clicked` event) and redirects to the post's url.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { postClicks, posts, shareLinks, type CompanyRow } from '../db/schema.ts';
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

/**
 * Follows a tracked link of the company: records the click and its event in one transaction
 * and gives the post's url, or null for an unknown code or a post without a url.
 */
export async function followTrackedLink(db: Database, companyId: number, code: string): Promise<string | null> {
  if (!TRACKED_CODE_PATTERN.test(code)) return null;
  const [link] = await db
    .select({ link: shareLinks, url: posts.url })
    .from(shareLinks)
    .innerJoin(posts, eq(posts.id, shareLinks.postId))
    .where(and(eq(shareLinks.code, code), eq(shareLinks.companyId, companyId)))
    .limit(1);
  if (!link || link.url === null) return null;
  const { id, postId, userId, channel, network } = link.link;
  await db.transaction(async (tx) => {
    // The visitor is someone outside; the click is credited to the link's person through link_id.
    await tx.insert(postClicks).values({ companyId, postId, userId: null, channel, network, linkId: id });
    await recordEvent(tx, { companyId, userId, postId, network, kind: 'link_clicked', data: { linkId: id, channel } });
  });
  return link.url;
}
