/**
 * A linked page's preview (title, description, image), read under the SSRF guard: the one
 * reader of the admin console's link preview (`POST /api/v1/admin/posts/link-preview`), of a
 * post's saved attachment, and of the share modal's snippet when an attachment has gaps.
 */
import type { Attachment } from '@chorus/core';
import { isWebLink } from '@chorus/core/post-draft';
import { linkUnreachable } from '../errors.ts';
import { safeFetch, type SafeFetchOptions } from '../lib/safe-fetch.ts';
import { sourceOf } from '../presenters/post.ts';
import { attribute, decodeEntities, imagesOfPage } from './suggest-content.ts';

/** Longest title and description kept from a page: previews are short. */
const PREVIEW_TEXT_MAX = 500;

/** A page's preview fields. */
export interface PagePreview {
  /** Open Graph title, else Twitter card title, else the page's <title>. */
  title: string | null;
  /** Open Graph description, else Twitter card description, else the meta description. */
  description: string | null;
  /** The page's own preview image (og:image, else twitter:image), absolute; null without one. */
  image: string | null;
  /** Every image of the page, best first (imagesOfPage). */
  images: string[];
}

function metaContent(html: string, names: readonly string[]): string | null {
  for (const name of names) {
    for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
      const key = (attribute(tag, 'property') ?? attribute(tag, 'name') ?? '').toLowerCase();
      const content = attribute(tag, 'content')?.trim() ?? '';
      if (key === name && content !== '') return content;
    }
  }
  return null;
}

function shortText(text: string | null): string | null {
  const trimmed = text?.replace(/\s+/g, ' ').trim() ?? '';
  if (trimmed === '') return null;
  return trimmed.length <= PREVIEW_TEXT_MAX ? trimmed : `${trimmed.slice(0, PREVIEW_TEXT_MAX - 1)}…`;
}

function absoluteImage(candidate: string | null, pageUrl: string): string | null {
  if (candidate === null) return null;
  try {
    const url = new URL(candidate, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The preview of a page's HTML (relative image urls resolved against `pageUrl`). */
export function previewOfPage(html: string, pageUrl: string): PagePreview {
  const title = metaContent(html, ['og:title', 'twitter:title']) ?? decodeEntities(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '');
  return {
    title: shortText(title),
    description: shortText(metaContent(html, ['og:description', 'twitter:description', 'description'])),
    image: absoluteImage(metaContent(html, ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src']), pageUrl),
    images: imagesOfPage(html, pageUrl),
  };
}

const NO_PREVIEW: PagePreview = { title: null, description: null, image: null, images: [] };

/**
 * Opens a link under the SSRF guard and reads its preview: an answer that is not HTML (a PDF)
 * opens but has none. Throws 484 for a link that is not http(s), that the guard refuses, that
 * cannot be reached in time or that does not answer 2xx.
 */
export async function readPagePreview(url: string, fetchOptions: SafeFetchOptions = {}): Promise<PagePreview> {
  if (!isWebLink(url)) throw linkUnreachable();
  let page;
  try {
    page = await safeFetch(url, { ...fetchOptions, accept: 'text/html,application/xhtml+xml' });
  } catch {
    throw linkUnreachable();
  }
  if (page.status < 200 || page.status >= 300) throw linkUnreachable();
  if (page.contentType !== null && !/html|xml/i.test(page.contentType)) return NO_PREVIEW;
  return previewOfPage(page.body.toString('utf8'), page.url);
}

/**
 * A post's link attachment from its page (the image as the page gives it: the route and the
 * console's presenter hand the browser a signed copy, lib/media-urls.ts linkImagePreview).
 * Throws 484 as readPagePreview does.
 */
export async function readLinkAttachment(url: string, fetchOptions: SafeFetchOptions = {}): Promise<Attachment> {
  const preview = await readPagePreview(url, fetchOptions);
  return { type: 'link', object: { url, domain: sourceOf(url) ?? '', title: preview.title, description: preview.description, image: preview.image, video_embed_url: null } };
}
