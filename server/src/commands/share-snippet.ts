/**
 * The link preview of the share modal (v3 `GET /post/{postId}/snippet`): title, description,
 * domain and image from the post and its attachment; for a link post the attachment's gaps are
 * filled from the page's Open Graph tags, read under the SSRF guard (link-preview.ts). When
 * nothing usable comes of it the answer is the stub ('A preview for this link could not be generated.').
 */
import type { SnippetResponse } from '@chorus/core';
import type { Database } from '../db/database.ts';
import type { CompanyRow, PostRow } from '../db/schema.ts';
import type { SafeFetchOptions } from '../lib/safe-fetch.ts';
import { sourceOf } from '../presenters/post.ts';
import { sharablePost } from './share-checks.ts';
import { readPagePreview, type PagePreview } from './link-preview.ts';

/** Longest description kept from the post's text. */
const DESCRIPTION_MAX = 300;

/** A page's preview for the snippet's gaps; null when it cannot be read (the snippet then falls back to the post). */
async function pagePreview(url: string, fetchOptions: SafeFetchOptions): Promise<PagePreview | null> {
  try {
    return await readPagePreview(url, fetchOptions);
  } catch {
    return null;
  }
}

function shortened(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return trimmed.length <= DESCRIPTION_MAX ? trimmed : `${trimmed.slice(0, DESCRIPTION_MAX - 1)}…`;
}

/** The preview of a post as the share modal shows it (the route adds the images' `previews`). */
export async function postSnippet(db: Database, company: CompanyRow, postId: number, fetchOptions: SafeFetchOptions = {}): Promise<Omit<SnippetResponse, 'previews'>> {
  const post: PostRow = await sharablePost(db, company, postId);
  const link = post.attachment?.object ?? null;
  const mediaImages = post.media.images.map((image) => image.medium);
  const poster = post.media.videos[0]?.poster ?? null;
  let title = link?.title ?? null;
  let description = link?.description ?? null;
  const images = [...mediaImages, ...(link?.image ? [link.image] : []), ...(poster ? [poster] : [])];
  // A link post whose attachment lacks a title or an image: ask the page itself.
  const pageUrl = link?.url ?? post.url;
  if (pageUrl !== null && mediaImages.length === 0 && (title === null || images.length === 0)) {
    const page = await pagePreview(pageUrl, fetchOptions);
    if (page !== null) {
      title ??= page.title;
      description ??= page.description;
      for (const image of page.images) if (!images.includes(image)) images.push(image);
    }
  }
  const stub = pageUrl !== null && title === null && images.length === 0;
  return {
    title: title ?? (post.title.trim() === '' ? null : post.title),
    description: description ?? shortened(post.content),
    domain: link?.domain ?? sourceOf(pageUrl),
    image: images[0] ?? null,
    images,
    stub,
  };
}
