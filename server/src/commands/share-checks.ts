/**
 * The checks every way of sharing runs before anything is written (content-library spec 5
 * and 6, 8 the sharing codes), in the order the share route answers them: the post (662 gone,
 * 651 expired), the library's sharing switch (667), the network for the company and the post
 * (653; internal posts have no network on), empty content (654) and the caption's length on
 * the network (659 X, 660 LinkedIn), counted by core's captionLength as the modal counts it,
 * and last the company's compliance rules (470).
 */
import { ErrorCode, isShareableNetwork, networkIdOfSlug, PostStatus, PostType, SHAREABLE_NETWORK_SLUGS, type LinkableNetwork, type Mention, type SnippetChoice } from '@chorus/core';
import { captionLength } from '@chorus/core/caption-length';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { companies, memberships, posts, users, type CompanyRow, type PostRow, type ShareRow } from '../db/schema.ts';
import { ApiError, postUnavailable } from '../errors.ts';
import { hashtagsString } from '../presenters/post.ts';
import { assertCompliant } from './compliance.ts';
import { publishedText } from './published-text.ts';
import { linkOf, networkEnabled } from './social-link.ts';

/** The post flag of each network. */
const POST_FLAG = { twitter: 'twitter', facebook: 'facebook', linkedin: 'linkedin' } as const satisfies Record<LinkableNetwork, keyof PostRow>;

/** The networks in the spec's order. */
export const SHARE_NETWORKS: readonly LinkableNetwork[] = ['twitter', 'facebook', 'linkedin'];

/**
 * A post of the company that can be shared now: 662 when it is not the company's, not live or
 * not started, 651 once it expired.
 */
export async function sharablePost(db: Database, company: CompanyRow, postId: number): Promise<PostRow> {
  return livePost(db, company, postId, 'now');
}

/**
 * The company's live post: 662 when it is not the company's or not live (or, `now`, not started),
 * 651 once it expired (`now`). A share for later (`later`) answers its time with the queue's
 * codes (655, 656, 657) instead.
 */
export async function livePost(db: Database, company: CompanyRow, postId: number, when: 'now' | 'later'): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.companyId, company.id)))
    .limit(1);
  if (!row || row.status !== PostStatus.LIVE) throw postUnavailable();
  if (when === 'later') return row;
  const now = Date.now();
  if (row.start.getTime() > now) throw postUnavailable();
  if (row.expiration !== null && row.expiration.getTime() <= now) throw new ApiError(ErrorCode.POST_EXPIRED);
  return row;
}

/** Whether the post is internal: no network is on for it, so it cannot be shared or copied. */
export function isInternalPost(post: Pick<PostRow, 'twitter' | 'facebook' | 'linkedin'>): boolean {
  return !post.twitter && !post.facebook && !post.linkedin;
}

/** Whether the company and the post allow the network. */
export function networkAllowed(company: CompanyRow, post: PostRow, network: LinkableNetwork): boolean {
  return networkEnabled(company, network) && post[POST_FLAG[network]];
}

/** 667 when the company turned sharing off for its library. */
export function requireSharingEnabled(company: CompanyRow): void {
  if (!company.featureToggles.sharing_enabled) throw new ApiError(ErrorCode.LIBRARY_SHARING_DISABLED);
}

/** 653 when the company or the post turned the network off (internal posts have none on). */
export function requireNetworkAllowed(company: CompanyRow, post: PostRow, network: LinkableNetwork): void {
  if (!networkAllowed(company, post, network)) throw new ApiError(ErrorCode.NETWORK_DISABLED_FOR_POST);
}

/** Whether the post carries media a share uploads (images or a video). */
export function hasMedia(post: PostRow): boolean {
  return post.media.images.length > 0 || post.media.videos.length > 0;
}

/** Whether the post is a native video for this company (type 7 with native video on). */
export function isNativeVideo(company: CompanyRow, post: PostRow): boolean {
  return post.type === PostType.NATIVE_VIDEO && company.featureToggles.native_video_enabled && post.media.videos.length > 0;
}

/** The caption's length on a network, with the post's url and hashtags as they will be sent. */
export function captionLengthOn(network: LinkableNetwork, post: PostRow, content: string, mentions: readonly Mention[]) {
  return captionLength(network, content, { url: post.url, hashtagsString: hashtagsString(post.hashtags), mentions });
}

/**
 * The caption to publish: the person's text, or one space when it is empty and the post has
 * media (spec 5 "Empty caption"); 654 when there is nothing at all to share.
 */
export function captionToShare(post: PostRow, content: string): string {
  if (content.trim() !== '') return content;
  if (hasMedia(post)) return ' ';
  if (post.url !== null || post.hashtags.length > 0) return '';
  throw new ApiError(ErrorCode.NO_CONTENT);
}

/** 659 (X) or 660 (LinkedIn) when the caption is over the network's limit. */
export function requireWithinLength(network: LinkableNetwork, post: PostRow, content: string, mentions: readonly Mention[]): void {
  if (!captionLengthOn(network, post, content, mentions).over) return;
  if (network === 'twitter') throw new ApiError(ErrorCode.TWITTER_TOO_LONG);
  if (network === 'linkedin') throw new ApiError(ErrorCode.LINKEDIN_TOO_LONG);
  // Facebook's 63206 characters is above what a client may send (CAPTION_MAX_INPUT).
  throw new ApiError(ErrorCode.MISSING_OR_INCORRECT);
}

/**
 * The caption rules of every way a caption leaves for a network (share now, intents, the
 * queue and schedules): its length there (659, 660), then the company's compliance rules (470,
 * in Facebook's wording on Facebook), whatever the editor showed.
 */
export async function requireShareableCaption(
  db: Database,
  company: CompanyRow,
  network: LinkableNetwork,
  post: PostRow,
  caption: string,
  mentions: readonly Mention[],
  snippet: SnippetChoice | null = null,
): Promise<void> {
  requireWithinLength(network, post, caption, mentions);
  await assertCompliant(db, company, publishedWords(network, post, caption, mentions, snippet), networkIdOfSlug(network));
}

/**
 * Everything of a share that reaches the network as words, for the compliance check: the text
 * as published (mention names in place, the post's hashtags) and the link preview's title and
 * description (LinkedIn publishes them as the article's), one per line.
 */
function publishedWords(network: LinkableNetwork, post: PostRow, caption: string, mentions: readonly Mention[], snippet: SnippetChoice | null): string {
  const words = [publishedText(network, post, caption, mentions, null).text];
  if (snippet?.title) words.push(snippet.title);
  if (snippet?.description) words.push(snippet.description);
  return words.join('\n');
}

/** What a share is, as checkShare answers whether it may go out. */
export interface ShareCheck {
  company: CompanyRow;
  /** The member who shares. */
  userId: number;
  postId: number;
  network: LinkableNetwork;
  /** The member's caption as given (checkShare decides what is published: captionToShare). */
  content: string;
  /** LinkedIn's mentions; other networks take none. */
  mentions: readonly Mention[];
  /**
   * `now` (share now, intents, delivery, retry): the post must be live, started and not expired.
   * `later` (queue, schedule): live; the chosen time is checked against it by the queue (655-657).
   */
  when: 'now' | 'later';
  /** The share goes through the network's API with the member's link: 310 when it is gone. */
  needsLink: boolean;
  /** The link preview chosen in the modal: its title and description are published words too. */
  snippet?: SnippetChoice | null;
  /**
   * Names the mentions as the network knows them (mention-search.ts lookUpMentions): a new share
   * passes it, so what is published is the organization lookup's name, never the request's.
   * A share already made (delivery, retry) has its looked-up names stored.
   */
  lookUpMentions?: (mentions: readonly Mention[]) => Promise<Mention[]>;
}

/** What may go out: the post, the caption to publish and the mentions kept. */
export interface CheckedShare {
  post: PostRow;
  caption: string;
  mentions: Mention[];
}

/** 493 when the member is deactivated, 403 when they are no longer in the company. */
async function requireActiveMember(db: Database, company: CompanyRow, userId: number): Promise<void> {
  const [row] = await db
    .select({ deactivatedAt: users.deactivatedAt, companyId: memberships.companyId })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, company.id)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.companyId === null) throw new ApiError(ErrorCode.FORBIDDEN);
  if (row.deactivatedAt !== null) throw new ApiError(ErrorCode.ACCOUNT_DEACTIVATED);
}

/**
 * 310 when the share needs the member's link to the network and it is gone (unlinked). A link
 * that needs relinking is still there: the connector answers it, with the relink notice.
 */
async function requireLinked(db: Database, userId: number, network: LinkableNetwork): Promise<void> {
  if ((await linkOf(db, userId, network)) === null) throw new ApiError(ErrorCode.NETWORK_NOT_LINKED);
}

/**
 * The one answer to "may this share go out now" (share now, intents, queue, schedule, retry and
 * delivery all ask it), in the order the share route answers: the post (662, 651), the library's
 * sharing switch (667), the network for the company and the post (653), the member (active, in
 * the company), the link where the kind needs one (310 when unlinked), the caption (654), its length on the
 * network (659, 660) and the company's compliance rules on it (470). Throws the first refusal.
 */
export async function checkShare(db: Database, check: ShareCheck): Promise<CheckedShare> {
  const post = await livePost(db, check.company, check.postId, check.when);
  requireSharingEnabled(check.company);
  requireNetworkAllowed(check.company, post, check.network);
  await requireActiveMember(db, check.company, check.userId);
  if (check.needsLink) await requireLinked(db, check.userId, check.network);
  const given = check.network === 'linkedin' ? [...check.mentions] : [];
  const mentions = given.length > 0 && check.lookUpMentions ? await check.lookUpMentions(given) : given;
  const caption = captionToShare(post, check.content);
  await requireShareableCaption(db, check.company, check.network, post, caption, mentions, check.snippet ?? null);
  return { post, caption, mentions };
}

/**
 * checkShare again for a share already made (a queued or scheduled share at its time, a retry):
 * its company, member, post, network, caption and mentions as stored. Null when it may go out,
 * else the refusal. A Facebook profile share (no page) is a reminder and needs no link.
 */
export async function recheckShare(db: Database, share: ShareRow): Promise<ApiError | null> {
  if (share.userId === null || !isShareableNetwork(share.network)) return new ApiError(ErrorCode.FORBIDDEN);
  const [company] = await db.select().from(companies).where(eq(companies.id, share.companyId)).limit(1);
  if (!company) return new ApiError(ErrorCode.FORBIDDEN);
  const network = SHAREABLE_NETWORK_SLUGS[share.network];
  const reminder = network === 'facebook' && share.pageId === null;
  try {
    await checkShare(db, { company, userId: share.userId, postId: share.postId, network, content: share.content, mentions: share.mentions, snippet: share.snippet, when: 'now', needsLink: share.method === 'api' && !reminder });
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}
