/**
 * Suggesting content: image suggestions for a pasted link (read under the SSRF guard), and
 * storing a suggestion as a pending post with its images decoded and re-encoded by sharp.
 */
import { PostType, SUGGESTION_PENDING_STATUS, firstLink, suggestionTitle, type MediaImage } from '@chorus/core';
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import { posts } from '../db/schema.ts';
import type { MediaStore } from '../lib/media-store.ts';
import { companyMediaFolder, unguessableName } from '../lib/media-urls.ts';
import { safeFetch, type SafeFetchOptions } from '../lib/safe-fetch.ts';

/** Most image urls returned for one link. */
export const MAX_SUGGESTED_IMAGES = 10;

/** An HTML tag's attribute value (quoted or not), entities decoded. */
export function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  if (!match) return null;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
}

/** Decodes the HTML entities pages use in attribute values and titles. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/**
 * Image urls of an HTML page, best first: Open Graph (og:image, og:image:url,
 * og:image:secure_url), then twitter:image, then img tags; absolute http(s) only, no repeats.
 */
export function imagesOfPage(html: string, pageUrl: string): string[] {
  const meta: string[] = [];
  const twitter: string[] = [];
  const imgs: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const key = (attribute(tag, 'property') ?? attribute(tag, 'name') ?? '').toLowerCase();
    const content = attribute(tag, 'content');
    if (!content) continue;
    if (key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') meta.push(content);
    else if (key === 'twitter:image' || key === 'twitter:image:src') twitter.push(content);
  }
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src) imgs.push(src);
  }
  const seen = new Set<string>();
  const result: string[] = [];
  for (const candidate of [...meta, ...twitter, ...imgs]) {
    let absolute: URL;
    try {
      absolute = new URL(candidate.trim(), pageUrl);
    } catch {
      continue;
    }
    if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') continue;
    const href = absolute.toString();
    if (seen.has(href)) continue;
    seen.add(href);
    result.push(href);
    if (result.length === MAX_SUGGESTED_IMAGES) break;
  }
  return result;
}

/** Reads a linked page under the SSRF guard and lists its images. */
export async function suggestImagesFor(url: string, fetchOptions: SafeFetchOptions = {}): Promise<string[]> {
  const page = await safeFetch(url, { ...fetchOptions, accept: 'text/html,application/xhtml+xml' });
  if (page.status < 200 || page.status >= 300) return [];
  if (page.contentType !== null && !/html|xml/i.test(page.contentType)) return [];
  return imagesOfPage(page.body.toString('utf8'), page.url);
}

/** Downloads an image url under the SSRF guard. */
export async function downloadImage(url: string, maxBytes: number, fetchOptions: SafeFetchOptions = {}): Promise<Buffer> {
  const response = await safeFetch(url, { ...fetchOptions, maxBytes, accept: 'image/*' });
  if (response.status < 200 || response.status >= 300) throw new Error(`Image download failed with ${response.status}`);
  return response.body;
}

/** Largest image of a linked page the media route reads for the browser (lib/media-urls.ts linkImagePreview). */
export const LINK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** How long reading such an image may take. */
const LINK_IMAGE_TIMEOUT_MS = 5000;
/** Widest image handed to the browser: previews are small. */
const LINK_IMAGE_WIDTH = 1200;
/** The raster types a linked image may have (not SVG: it can carry script). */
const LINK_IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif)\s*(;|$)/i;

/** A linked image that is not an image we show: another content type, an error status or undecodable data. */
export class NotAnImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotAnImageError';
  }
}

/**
 * Reads another site's image under the SSRF guard (size and time capped, raster image types
 * only) and re-encodes it as JPEG, so what our origin serves is always a decoded image and
 * never the bytes as received. Throws SafeFetchError when the guard refuses or the read fails,
 * NotAnImageError when what came back is not an image.
 */
export async function linkImage(url: string, fetchOptions: SafeFetchOptions = {}): Promise<Buffer> {
  const response = await safeFetch(url, { ...fetchOptions, maxBytes: LINK_IMAGE_MAX_BYTES, timeoutMs: LINK_IMAGE_TIMEOUT_MS, accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif' });
  if (response.status < 200 || response.status >= 300) throw new NotAnImageError(`Image answered ${response.status}`);
  if (!LINK_IMAGE_TYPES.test(response.contentType ?? '')) throw new NotAnImageError(`Not an image type: ${response.contentType ?? 'none'}`);
  try {
    return await sharp(response.body, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: LINK_IMAGE_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('The image could not be decoded');
  }
}

const SIZES = { original: 1600, medium: 800, thumb: 320 } as const;

/**
 * Decodes an uploaded or downloaded image and writes fresh JPEG encodings in three sizes
 * (never the bytes as received), in the company's media folder of the store under an unguessable name
 * (served only to the company, plugins/media.ts). Throws for data that is not an image.
 */
export async function storeImage(store: MediaStore, companyId: number, input: Buffer): Promise<MediaImage> {
  const folder = companyMediaFolder(companyId);
  const id = unguessableName();
  // Decoding first rejects non-images before anything is written.
  const decoded = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
  await decoded.metadata();
  const urls: Partial<Record<keyof typeof SIZES, string>> = {};
  for (const [size, width] of Object.entries(SIZES) as [keyof typeof SIZES, number][]) {
    const bytes = await decoded.clone().resize({ width, withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
    const file = `${id}-${size}.jpg`;
    await store.put(`${folder}/${file}`, bytes, 'image/jpeg');
    urls[size] = `/media/${folder}/${file}`;
  }
  return { original: urls.original ?? '', medium: urls.medium ?? '', thumb: urls.thumb ?? '' };
}

/** Stores a suggestion as a pending post of the company, suggested by the user. */
export async function createSuggestion(
  db: Database,
  input: { companyId: number; userId: number; content: string; images: MediaImage[] },
): Promise<{ id: number; status: number }> {
  const content = input.content.trim();
  const url = firstLink(content);
  const [row] = await db
    .insert(posts)
    .values({
      companyId: input.companyId,
      title: suggestionTitle(content, 'Suggested content'),
      content,
      url,
      type: input.images.length > 0 ? PostType.IMAGE : url !== null ? PostType.URL : PostType.TEXT,
      status: SUGGESTION_PENDING_STATUS,
      media: { images: input.images, videos: [] },
      suggestedBy: input.userId,
    })
    .returning({ id: posts.id, status: posts.status });
  if (!row) throw new Error('insert returned no row');
  return row;
}
