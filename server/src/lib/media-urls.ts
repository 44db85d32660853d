/**
 * Media names, ownership and signed URLs. Files live under CHORUS_DATA_DIR/media and are
 * served at /media/ (plugins/media.ts):
 *
 * - uploads go to their company's folder, `c/{companyId}/`, under a random 128-bit name;
 * - the demo seed writes `demo/{subdomain}/`; suggestion images stored before names were per
 *   company sit in `suggestions/` and belong to the company whose post shows them;
 * - what must be fetched without a session (a Teams card's image now, shares to the networks
 *   later) is linked through a signed URL: an HMAC over the path and an expiry.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { posts, type CompanyRow } from '../db/schema.ts';
import { keyringOf, type SecretKeyConfig } from './secrets.ts';

/** The URL prefix of the media folder. */
const MEDIA_PATH = '/media/';

/** How long a signed media URL works: a Teams card stays in the chat for a while. */
export const SIGNED_MEDIA_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A fresh file name: 128 random bits in hex (32 characters), so names cannot be guessed. Hex,
 * not base64url: a base64url name may begin with '-' or '_', which the media route refuses as
 * a path segment (one upload in 32 was then not served).
 */
export function unguessableName(): string {
  return randomBytes(16).toString('hex');
}

/** The folder, relative to the media folder, where a company's uploads go. */
export function companyMediaFolder(companyId: number): string {
  return `c/${companyId}`;
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Who a media path (relative to the media folder, as in `/media/{relative}`) belongs to, as
 * far as the path tells: this company, another or nobody, or `legacy` for suggestion images
 * stored before uploads were kept per company (see legacyMediaOfCompany). Paths with empty,
 * dot or odd segments belong to nobody.
 */
export function mediaOwnerByPath(company: CompanyRow, relative: string): 'company' | 'other' | 'legacy' {
  const segments = relative.split('/');
  if (!segments.every((segment) => SAFE_SEGMENT.test(segment))) return 'other';
  const [folder, owner] = segments;
  if (segments.length === 3 && folder === 'c') return owner === String(company.id) ? 'company' : 'other';
  if (segments.length === 3 && folder === 'demo') return owner === company.subdomain ? 'company' : 'other';
  if (segments.length === 2 && folder === 'suggestions') return 'legacy';
  return 'other';
}

/** Whether a legacy suggestion image is shown by a post of the company (so the company owns it). */
export async function legacyMediaOfCompany(db: Database, company: CompanyRow, relative: string): Promise<boolean> {
  const url = `${MEDIA_PATH}${relative}`;
  const shows = (size: 'original' | 'medium' | 'thumb') => sql`${posts.media} @> ${JSON.stringify({ images: [{ [size]: url }] })}::jsonb`;
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.companyId, company.id), or(shows('original'), shows('medium'), shows('thumb'))))
    .limit(1);
  return row !== undefined;
}

/** Whether a path is one of the company's branding images, which the sign-in page shows to anyone. */
export function isCompanyBranding(company: CompanyRow, urlPath: string): boolean {
  return [company.logo, company.favicon, company.backgroundImage].includes(urlPath);
}

const signingKeys = new WeakMap<SecretKeyConfig, Buffer>();

/**
 * The key media URLs are signed with: derived (HKDF) from the current CHORUS_SECRET_KEY, so
 * every process of a deployment signs and checks alike, and a file outside the data folder is
 * all it takes. Rotating the secret key ends the signed URLs handed out before (30 days at most).
 */
export function mediaSigningKey(config: SecretKeyConfig): Buffer {
  const known = signingKeys.get(config);
  if (known) return known;
  const key = Buffer.from(hkdfSync('sha256', keyringOf(config).current.key, Buffer.alloc(0), 'chorus media url signing', 32));
  signingKeys.set(config, key);
  return key;
}

function signature(key: Buffer, urlPath: string, expires: number): string {
  return createHmac('sha256', key).update(`${urlPath}\n${expires}`).digest('base64url');
}

/** A media path with `exp` (Unix seconds) and `sig`: fetchable without a session until it expires. */
export function signMediaUrl(key: Buffer, urlPath: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${urlPath}?exp=${expires}&sig=${signature(key, urlPath, expires)}`;
}

/** Whether `exp` and `sig` sign this path and have not expired. */
export function verifyMediaSignature(key: Buffer, urlPath: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(key, urlPath, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path of the media route that serves other sites' images from our origin. */
export const LINK_IMAGE_PATH = '/media/link-image';

function linkImageSignature(key: Buffer, companyId: number, url: string): string {
  return createHmac('sha256', key).update(`link-image\n${companyId}\n${url}`).digest('base64url');
}

/**
 * How the browser shows an image of a linked page: our own paths as they are, another site's
 * image through the media route (`/media/link-image?url=…&sig=…`), signed for the company so
 * the route fetches only images the server itself offered, never any URL a caller writes.
 */
export function linkImagePreview(key: Buffer, companyId: number, image: string): string {
  if (!/^https?:\/\//i.test(image)) return image;
  return `${LINK_IMAGE_PATH}?url=${encodeURIComponent(image)}&sig=${linkImageSignature(key, companyId, image)}`;
}

/** The previews of a list of images, in the same order (the `previews` of suggest-images and the snippet). */
export function linkImagePreviews(key: Buffer, companyId: number, images: readonly string[]): string[] {
  return images.map((image) => linkImagePreview(key, companyId, image));
}

/** Whether `sig` was made by linkImagePreview for this company and url. */
export function verifyLinkImage(key: Buffer, companyId: number, url: unknown, sig: unknown): url is string {
  if (typeof url !== 'string' || typeof sig !== 'string') return false;
  const expected = Buffer.from(linkImageSignature(key, companyId, url));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
