import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  AVATAR_MAX_HEIGHT,
  AVATAR_MAX_WIDTH,
  AVATAR_MIME_TYPES,
  AVATAR_MIN_HEIGHT,
  AVATAR_MIN_WIDTH,
} from '../domain/constants.ts';
import { VALID, firstFailure, invalid, type ValidationResult } from './result.ts';

/** What the avatar rules need to know about a file; decoding it is the caller's job. */
export interface AvatarFile {
  readonly name: string;
  readonly mime: string;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
}

/** jpg, jpeg or png, by both file extension and MIME type (either can be spoofed alone). */
export function validateAvatarType(name: string, mime: string): ValidationResult {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  const typeOk =
    (AVATAR_EXTENSIONS as readonly string[]).includes(extension) &&
    (AVATAR_MIME_TYPES as readonly string[]).includes(mime.trim().toLowerCase());
  return typeOk ? VALID : invalid('avatar.type');
}

/** At most 4 MB (4 * 1024 * 1024 bytes). */
export function validateAvatarSize(bytes: number): ValidationResult {
  return Number.isInteger(bytes) && bytes >= 0 && bytes <= AVATAR_MAX_BYTES ? VALID : invalid('avatar.size');
}

/** Between 150x150 and 600x800 pixels, bounds included. */
export function validateAvatarDimensions(width: number, height: number): ValidationResult {
  const inRange = (value: number, min: number, max: number): boolean =>
    Number.isInteger(value) && value >= min && value <= max;
  return inRange(width, AVATAR_MIN_WIDTH, AVATAR_MAX_WIDTH) && inRange(height, AVATAR_MIN_HEIGHT, AVATAR_MAX_HEIGHT)
    ? VALID
    : invalid('avatar.dimensions');
}

/** All avatar rules, reporting type first, then size, then dimensions. */
export function validateAvatar(file: AvatarFile): ValidationResult {
  return firstFailure(
    validateAvatarType(file.name, file.mime),
    validateAvatarSize(file.bytes),
    validateAvatarDimensions(file.width, file.height),
  );
}
