import { describe, expect, it } from 'vitest';
import { VALID, VALIDATION_KEYS, firstFailure, invalid, isFilled } from './result.ts';

describe('firstFailure', () => {
  it.each([
    [[], VALID],
    [[VALID, VALID], VALID],
    [[VALID, invalid('email.invalid'), invalid('required')], invalid('email.invalid')],
    [[invalid('required'), VALID], invalid('required')],
  ])('%j -> %j', (results, expected) => {
    expect(firstFailure(...results)).toEqual(expected);
  });
});

describe('isFilled', () => {
  it.each<[string | null | undefined, boolean]>([
    ['a', true],
    [' a ', true],
    ['', false],
    [' \t\n', false],
    [null, false],
    [undefined, false],
  ])('%j: %s', (value, expected) => {
    expect(isFilled(value)).toBe(expected);
  });
});

describe('VALIDATION_KEYS', () => {
  it('lists each key once', () => {
    expect(new Set(VALIDATION_KEYS).size).toBe(VALIDATION_KEYS.length);
  });
});
