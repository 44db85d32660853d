/**
 * A post as the admin console shows it (contract/admin-posts.ts): its console state, the
 * networks it may go to, its topics, who wrote and who suggested it, and a link preview's image
 * signed so the browser loads it from our origin.
 */
import type { AdminPost, AdminPostSummary, Attachment, TopicRef } from '@chorus/core';
import type { PostRow } from '../db/schema.ts';
import { adminPostState } from '../lib/admin-post-states.ts';
import { linkImagePreview } from '../lib/media-urls.ts';

/** A person's id and name as the console's queries read them. */
export interface PersonName {
  id: number;
  first: string;
  last: string;
}

/** What presenting a post to the console needs: its row, its topics (main first) and its people. */
export interface AdminPostRow {
  post: PostRow;
  topics: TopicRef[];
  author: PersonName | null;
  suggester: PersonName | null;
}

/** A person as `{ id, name }`. */
export function presentPersonName(person: PersonName): { id: number; name: string } {
  return { id: person.id, name: `${person.first} ${person.last}`.trim() };
}

/** The start the editor shows: null for a post that goes live when it is published. */
function startOf(post: PostRow): string | null {
  return post.startsOnPublish ? null : post.start.toISOString();
}

/** One row of the console's list. */
export function presentAdminPostSummary(row: AdminPostRow, now: Date = new Date()): AdminPostSummary {
  const { post } = row;
  return {
    id: post.id,
    state: adminPostState(post, now),
    title: post.title,
    url: post.url,
    images: post.media.images,
    networks: { twitter: post.twitter, facebook: post.facebook, linkedin: post.linkedin },
    topics: row.topics,
    is_featured: post.isFeatured,
    start: startOf(post),
    expiration: post.expiration?.toISOString() ?? null,
    author: row.author === null ? null : presentPersonName(row.author),
    created: post.created.toISOString(),
    modified: post.modified.toISOString(),
    deleted_at: post.deletedAt?.toISOString() ?? null,
    share_count: post.shareCount,
  };
}

/** The attachment with its image as the browser loads it (another site's through the signed media route). */
export function signedAttachment(attachment: Attachment | null, signingKey: Buffer, companyId: number): Attachment | null {
  if (attachment === null || attachment.object.image === null) return attachment;
  return { ...attachment, object: { ...attachment.object, image: linkImagePreview(signingKey, companyId, attachment.object.image) } };
}

/** A post as the editor reads it. */
export function presentAdminPost(row: AdminPostRow, signingKey: Buffer, now: Date = new Date()): AdminPost {
  const { post } = row;
  return {
    ...presentAdminPostSummary(row, now),
    content: post.content,
    hashtags: post.hashtags,
    attachment: signedAttachment(post.attachment, signingKey, post.companyId),
    is_reactions_enabled: post.reactionsEnabled,
    is_comments_enabled: post.commentsEnabled,
    captions: post.captions,
    suggested_by: row.suggester === null ? null : presentPersonName(row.suggester),
  };
}
