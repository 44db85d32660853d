import { describe, expect, it } from 'vitest';
import {
  validateAvatar,
  validateAvatarDimensions,
  validateAvatarSize,
  validateAvatarType,
  type AvatarFile,
} from './avatar.ts';
import type { ValidationResult } from './result.ts';

const MB = 1024 * 1024;
const OK: ValidationResult = { ok: true };

describe('validateAvatarType (jpg, jpeg or png)', () => {
  it.each<[string, string, boolean]>([
    ['me.jpg', 'image/jpeg', true],
    ['me.jpeg', 'image/jpeg', true],
    ['me.png', 'image/png', true],
    ['ME.JPG', 'image/jpeg', true],
    ['my.holiday.PNG', 'IMAGE/PNG', true],
    ['me.gif', 'image/gif', false],
    ['me.webp', 'image/webp', false],
    ['me.gif', 'image/png', false],
    ['me.png', 'image/gif', false],
    ['me.png', '', false],
    ['me', 'image/png', false],
    ['me.jpg.exe', 'image/jpeg', false],
    ['png', 'image/png', false],
  ])('%j as %j: %s', (name, mime, accepted) => {
    expect(validateAvatarType(name, mime)).toEqual(accepted ? OK : { ok: false, error: 'avatar.type' });
  });
});

describe('validateAvatarSize (at most 4 MB)', () => {
  it.each<[number, boolean]>([
    [0, true],
    [1, true],
    [4 * MB - 1, true],
    [4 * MB, true],
    [4 * MB + 1, false],
    [5 * MB, false],
    [-1, false],
    [Number.NaN, false],
  ])('%d bytes: %s', (bytes, accepted) => {
    expect(validateAvatarSize(bytes)).toEqual(accepted ? OK : { ok: false, error: 'avatar.size' });
  });
});

describe('validateAvatarDimensions (150x150 to 600x800)', () => {
  it.each<[number, number, boolean]>([
    [150, 150, true],
    [600, 800, true],
    [400, 400, true],
    [150, 800, true],
    [600, 150, true],
    [149, 150, false],
    [150, 149, false],
    [601, 800, false],
    [600, 801, false],
    [800, 600, false],
    [0, 0, false],
    [300.5, 300, false],
    [Number.NaN, 300, false],
  ])('%dx%d: %s', (width, height, accepted) => {
    expect(validateAvatarDimensions(width, height)).toEqual(accepted ? OK : { ok: false, error: 'avatar.dimensions' });
  });
});

describe('validateAvatar', () => {
  const good: AvatarFile = { name: 'me.png', mime: 'image/png', bytes: 4 * MB, width: 150, height: 150 };
  it.each<[string, AvatarFile, ValidationResult]>([
    ['a valid file', good, OK],
    ['everything wrong reports the type first', { name: 'me.gif', mime: 'image/gif', bytes: 5 * MB, width: 10, height: 10 }, { ok: false, error: 'avatar.type' }],
    ['too large and too small reports the size', { ...good, bytes: 4 * MB + 1, width: 149 }, { ok: false, error: 'avatar.size' }],
    ['only the dimensions wrong', { ...good, height: 801 }, { ok: false, error: 'avatar.dimensions' }],
  ])('%s', (_name, file, expected) => {
    expect(validateAvatar(file)).toEqual(expected);
  });
});
