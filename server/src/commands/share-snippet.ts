/**
 * The link preview of the share modal (v3 `GET /post/{postId}/snippet`): title, description,
 * domain and image from the post and its attachment; for a link post the attachment's gaps are
 * filled from the page's Open Graph tags, read under the SSRF guard. When nothing usable comes
 * of it the answer is the stub ('A preview for this link could not be generated.').
 */
import type { SnippetResponse } from '@chorus/core';
import type { Database } from '../db/database.ts';
import type { CompanyRow, PostRow } from '../db/schema.ts';
import { safeFetch, type SafeFetchOptions } from '../lib/safe-fetch.ts';
import { sourceOf } from '../presenters/post.ts';
import { sharablePost } from './share-checks.ts';
import { attribute, decodeEntities, imagesOfPage } from './suggest-content.ts';

/** Longest description kept from the post's text. */
const DESCRIPTION_MAX = 300;

/** A page's preview fields from its Open Graph (else Twitter card, else title) tags. */
interface PagePreview {
  title: string | null;
  description: string | null;
  images: string[];
}

function metaContent(html: string, names: readonly string[]): string | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const key = (attribute(tag, 'property') ?? attribute(tag, 'name') ?? '').toLowerCase();
    const content = attribute(tag, 'content')?.trim() ?? '';
    if (names.includes(key) && content !== '') return content;
  }
  return null;
}

/** Reads a page's preview under the SSRF guard; null when it cannot be read as HTML. */
async function pagePreview(url: string, fetchOptions: SafeFetchOptions): Promise<PagePreview | null> {
  try {
    const page = await safeFetch(url, { ...fetchOptions, accept: 'text/html,application/xhtml+xml' });
    if (page.status < 200 || page.status >= 300 || (page.contentType !== null && !/html|xml/i.test(page.contentType))) return null;
    const html = page.body.toString('utf8');
    const title = metaContent(html, ['og:title', 'twitter:title']) ?? (/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? null);
    return {
      title: title === null || title.trim() === '' ? null : decodeEntities(title).trim(),
      description: metaContent(html, ['og:description', 'twitter:description', 'description']),
      images: imagesOfPage(html, page.url),
    };
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
