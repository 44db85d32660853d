/**
 * Where media files live. The embedded default is the local folder `CHORUS_DATA_DIR/media`;
 * processes on different machines share an S3-compatible bucket instead (AWS S3, MinIO,
 * Cloudflare R2...), reached with the official AWS SDK v3 client at a configurable endpoint.
 * Keys are the paths under `/media/` (`c/12/…-medium.jpg`, `demo/acme/logo.png`).
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/** A stored file as served. */
export interface MediaObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** The media storage of one deployment. */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Stores a file under a key (replacing any). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<MediaObject | null>;
  /** Whether a file exists under the key. */
  has(key: string): Promise<boolean>;
  /** The file's size and type without reading it, or null when there is none. */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (the app's close). */
  close(): void;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
};

/** The content type of a media file by its extension. */
export function mediaContentType(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** A key is a relative path of plain segments: no `..`, no absolute paths, no empty segments. */
function checkKey(key: string): string {
  const segments = key.split('/');
  if (key === '' || segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) {
    throw new Error(`not a media key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** The local folder (the embedded default). */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = path.join(this.root, checkKey(key));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async get(key: string): Promise<MediaObject | null> {
    const file = path.join(this.root, checkKey(key));
    const info = await stat(file).catch(() => null);
    if (info === null || !info.isFile()) return null;
    return { body: createReadStream(file), contentType: mediaContentType(key), size: info.size };
  }

  async has(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async head(key: string): Promise<{ size: number; contentType: string } | null> {
    const info = await stat(path.join(this.root, checkKey(key))).catch(() => null);
    return info !== null && info.isFile() ? { size: info.size, contentType: mediaContentType(key) } : null;
  }

  async delete(key: string): Promise<void> {
    await rm(path.join(this.root, checkKey(key)), { force: true });
  }

  close(): void {
    // Files hold no connection.
  }
}

/** Where the S3 store is. */
export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** The service's URL (MinIO, R2...); null for AWS itself. */
  endpoint: string | null;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
  /** Null uses the SDK's default chain (environment, instance role...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Prepended to every key (several deployments in one bucket). */
  prefix: string;
}

function notFoundError(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** An S3-compatible bucket. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(options: S3StoreOptions) {
    this.#client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint === null ? {} : { endpoint: options.endpoint }),
      ...(options.credentials === null ? {} : { credentials: options.credentials }),
      // Checksums only where S3 requires them: several S3-compatible services refuse the
      // newer default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
  }

  #key(key: string): string {
    return `${this.#prefix}${checkKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: this.#key(key), Body: body, ContentType: contentType, ContentLength: body.byteLength }));
  }

  async get(key: string): Promise<MediaObject | null> {
    try {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      const body = answer.Body as Readable | undefined;
      if (body === undefined) return null;
      return { body, contentType: answer.ContentType ?? mediaContentType(key), size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (notFoundError(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async head(key: string): Promise<{ size: number; contentType: string } | null> {
    try {
      const answer = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
      return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? mediaContentType(key) };
    } catch (error) {
      if (notFoundError(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
  }

  close(): void {
    this.#client.destroy();
  }
}

/** The whole file, or null when there is none. */
export async function readMedia(store: MediaStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  return object === null ? null : buffer(object.body);
}

/** The configured store: the bucket when one is configured, else the local media folder. */
export function createMediaStore(config: Pick<Config, 'mediaDir' | 'mediaStore'>): MediaStore {
  return config.mediaStore === null ? new LocalMediaStore(config.mediaDir) : new S3MediaStore(config.mediaStore);
}

/**
 * Copies a folder of the local media folder into the store (the demo seed renders its images
 * and videos with local tools, then publishes them to the bucket). Nothing to do for the local store.
 */
export async function publishLocalFolder(store: MediaStore, mediaDir: string, folder: string): Promise<number> {
  if (store.kind === 'local') return 0;
  const root = path.join(mediaDir, folder);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  let copied = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(mediaDir, file).split(path.sep).join('/');
    await store.put(key, await readFile(file), mediaContentType(key));
    copied += 1;
  }
  return copied;
}
