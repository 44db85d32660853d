/**
 * Profile pictures: an upload is checked by core's avatar rules (type, size, dimensions),
 * decoded and re-encoded by sharp as a JPEG without metadata, and stored in user_avatars.
 * The user's `avatar` column holds the URL the API serves it from (to members of the user's
 * companies, on their hosts), with a random version parameter that changes with each upload
 * so browsers never show a stale picture.
 */
import {
  ErrorCode,
  validateAvatarDimensions,
  validateAvatarSize,
  validateAvatarType,
} from '@chorus/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import { userAvatars, users, type UserRow } from '../db/schema.ts';
import { ApiError, notSignedIn } from '../errors.ts';
import { unguessableName } from '../lib/media-urls.ts';

/** A re-encoded avatar, ready to store. */
export interface EncodedAvatar {
  contentType: string;
  image: Buffer;
  width: number;
  height: number;
}

/** What the upload said about its file, besides the bytes. */
export interface AvatarUpload {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

const DECODED_FORMATS = new Set(['jpeg', 'png']);

/**
 * The URL of a user's avatar at a version: a random name per upload, so the URL cannot be
 * guessed (older URLs with a time as their version keep working: the route ignores `v`).
 */
export function avatarUrl(userId: number, version: string): string {
  return `/api/v1/user/${userId}/avatar?original=1&v=${version}`;
}

/**
 * Checks and re-encodes an upload. The name and declared type must say jpg/jpeg/png and the
 * bytes must decode as JPEG or PNG (480); at most 4 MB (481); 150x150 to 600x800 pixels as
 * displayed, after EXIF orientation (482). The output is a fresh JPEG: sharp writes no
 * metadata (EXIF, GPS, ICC comments) unless asked to.
 */
export async function encodeAvatar(upload: AvatarUpload): Promise<EncodedAvatar> {
  if (!validateAvatarType(upload.fileName, upload.mime).ok) throw new ApiError(ErrorCode.AVATAR_TYPE);
  if (!validateAvatarSize(upload.bytes.length).ok) throw new ApiError(ErrorCode.AVATAR_TOO_LARGE);
  const metadata = await sharp(upload.bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
    .metadata()
    .catch(() => null);
  if (metadata === null || metadata.format === undefined || !DECODED_FORMATS.has(metadata.format)) throw new ApiError(ErrorCode.AVATAR_TYPE);
  // Orientations 5 to 8 turn the picture a quarter: it displays with width and height swapped.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (!validateAvatarDimensions(width, height).ok) throw new ApiError(ErrorCode.AVATAR_DIMENSIONS);
  try {
    const { data, info } = await sharp(upload.bytes, { failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/jpeg', image: data, width: info.width, height: info.height };
  } catch {
    throw new ApiError(ErrorCode.AVATAR_TYPE);
  }
}

/** Stores a user's avatar and points their `avatar` at its new version. */
export async function saveAvatar(db: Database, userId: number, avatar: EncodedAvatar): Promise<UserRow> {
  const updated = new Date();
  return db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId, ...avatar, updated })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { ...avatar, updated } });
    const [saved] = await tx.update(users).set({ avatar: avatarUrl(userId, unguessableName()) }).where(eq(users.id, userId)).returning();
    if (!saved) throw notSignedIn();
    return saved;
  });
}

/** Removes a user's avatar. */
export async function removeAvatar(db: Database, userId: number): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    const [saved] = await tx.update(users).set({ avatar: null }).where(eq(users.id, userId)).returning();
    if (!saved) throw notSignedIn();
    return saved;
  });
}

/** A stored avatar, if the user has one. */
export async function readAvatar(db: Database, userId: number): Promise<{ contentType: string; image: Buffer; updated: Date } | null> {
  const [row] = await db
    .select({ contentType: userAvatars.contentType, image: userAvatars.image, updated: userAvatars.updated })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId))
    .limit(1);
  return row ?? null;
}

