import { describe, expect, it } from 'vitest';
import { validateConfirmPassword } from './confirm-password.ts';

describe('validateConfirmPassword', () => {
  it.each<[string, string, boolean]>([
    ['Abcdef1!', 'Abcdef1!', true],
    ['Abcdef1!', 'abcdef1!', false],
    ['Abcdef1!', 'Abcdef1! ', false],
    ['Abcdef1!', '', false],
    ['', '', true],
  ])('%j vs %j matches: %s', (password, confirmation, matches) => {
    expect(validateConfirmPassword(password, confirmation)).toEqual(
      matches ? { ok: true } : { ok: false, error: 'password.mismatch' },
    );
  });
});
