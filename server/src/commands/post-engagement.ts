/**
 * The post a like or comment is about: live in the viewer's company, with the company's and
 * the post's toggle for that kind of engagement on.
 */
import type { CompanyRow, PostRow } from '../db/schema.ts';
import type { Database } from '../db/database.ts';
import { forbidden, postUnavailable } from '../errors.ts';
import { findLivePost } from '../queries/posts.ts';

/** Which engagement is asked for. */
export type Engagement = 'reactions' | 'comments';

/** Whether the company and the post allow the engagement. */
export function engagementAllowed(company: CompanyRow, post: PostRow, kind: Engagement): boolean {
  return kind === 'reactions'
    ? company.featureToggles.post_reactions_enabled && post.reactionsEnabled
    : company.featureToggles.post_comments_enabled && post.commentsEnabled;
}

/** Loads the live post, or throws 662 (gone or another company's) or 403 (engagement off). */
export async function postForEngagement(db: Database, company: CompanyRow, postId: number, kind: Engagement | null): Promise<PostRow> {
  const post = await findLivePost(db, company.id, postId);
  if (post === null) throw postUnavailable();
  if (kind !== null && !engagementAllowed(company, post, kind)) throw forbidden(kind === 'reactions' ? 'Likes are turned off for this post.' : 'Comments are turned off for this post.');
  return post;
}
