/**
 * The post's media as connectors read it: files of our media store (`/media/...` paths; the
 * local folder or the S3 bucket, lib/media-store.ts), with their size, type, and a signed
 * public URL for networks that fetch the file themselves.
 */
import path from 'node:path';
import { companyOrigin, type Config } from '../config.ts';
import type { ConnectorMedia } from '../connectors/types.ts';
import type { CompanyRow } from '../db/schema.ts';
import { readMedia, type MediaStore } from '../lib/media-store.ts';
import { mediaSigningKey, SIGNED_MEDIA_TTL_MS, signMediaUrl } from '../lib/media-urls.ts';
import type { SecretKeyConfig } from '../lib/secrets.ts';

const MEDIA_PATH = '/media/';

/** Types of the files posts carry, by extension. */
const TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
};

/** What reading media needs from the configuration. */
export type ShareMediaConfig = Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'> & SecretKeyConfig;

/**
 * One media file of a post, or null when it is not ours (an outside URL), has an odd path or
 * type, or is missing from the store: a share then goes without it rather than failing. The
 * file is read from the store only when the connector uploads it.
 */
export async function shareMedia(
  store: MediaStore,
  config: ShareMediaConfig,
  company: Pick<CompanyRow, 'subdomain'>,
  urlPath: string | null,
): Promise<ConnectorMedia | null> {
  if (urlPath === null || !urlPath.startsWith(MEDIA_PATH)) return null;
  const key = urlPath.slice(MEDIA_PATH.length);
  if (key.split('/').some((segment) => segment === '' || segment.startsWith('.'))) return null;
  const mimeType = TYPES[path.extname(key).toLowerCase()];
  if (mimeType === undefined) return null;
  const found = await store.head(key);
  if (found === null) return null;
  const read = async (): Promise<Buffer> => {
    const bytes = await readMedia(store, key);
    if (bytes === null) throw new Error(`media ${urlPath} left the store before it was uploaded`);
    return bytes;
  };
  const signed = signMediaUrl(mediaSigningKey(config), urlPath, new Date(Date.now() + SIGNED_MEDIA_TTL_MS));
  return { read, size: found.size, mimeType, publicUrl: `${companyOrigin(config, company.subdomain)}${signed}`, path: urlPath };
}
