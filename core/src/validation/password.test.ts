import { describe, expect, it } from 'vitest';
import { validateChangePassword, validatePassword } from './password.ts';
import type { ValidationResult } from './result.ts';

const OK: ValidationResult = { ok: true };
const POLICY: ValidationResult = { ok: false, error: 'password.policy' };

describe('validatePassword (accounts spec 5)', () => {
  it.each<[string, string, ValidationResult]>([
    ['the demo password', 'Chorus!2026', OK],
    ['exactly 8 characters', 'Abcdef1!', OK],
    ['7 characters', 'Abcde1!', POLICY],
    ['a space inside', 'Abc def1!', POLICY],
    ['a leading space', ' Abcdef1!', POLICY],
    ['a trailing space', 'Abcdef1! ', POLICY],
    ['a tab', 'Abcdef1!\t', POLICY],
    ['a control character', 'Abcdef1!\u0007', POLICY],
    ['no lowercase letter', 'ABCDEF1!', POLICY],
    ['no uppercase letter', 'abcdef1!', POLICY],
    ['no digit', 'Abcdefg!', POLICY],
    ['no special character', 'Abcdefg1', POLICY],
    ['a special character outside the list only', 'Abcdef1?', POLICY],
    ['a non-Latin lowercase does not count as lowercase', 'ÄBCDEF1!', POLICY],
    ['accented letters are printable', 'Ünïcödé1!A', OK],
    ['7 characters padded to 8 UTF-16 units by an emoji', 'Ab1!cd😀', POLICY],
    ['empty', '', { ok: false, error: 'password.required' }],
  ])('%s', (_name, password, expected) => {
    expect(validatePassword(password)).toEqual(expected);
  });

  it.each(['!', '@', '#', '$', '%', '^', '&', '*', '(', ')'])('accepts %s as the special character', (special) => {
    expect(validatePassword(`Abcdef1${special}`)).toEqual(OK);
  });

  it('treats a missing value as required', () => {
    expect(validatePassword(undefined)).toEqual({ ok: false, error: 'password.required' });
    expect(validatePassword(null)).toEqual({ ok: false, error: 'password.required' });
  });
});

describe('validateChangePassword', () => {
  const good = { current_password: 'old', new_password: 'Abcdef1!', confirm_new_password: 'Abcdef1!' };
  it.each<[string, typeof good, ValidationResult]>([
    ['all valid and matching', good, OK],
    ['current missing', { ...good, current_password: '' }, { ok: false, error: 'currentPassword.required' }],
    ['new breaks the policy', { ...good, new_password: 'abc', confirm_new_password: 'abc' }, POLICY],
    ['confirmation differs', { ...good, confirm_new_password: 'Abcdef1@' }, { ok: false, error: 'password.mismatch' }],
  ])('%s', (_name, input, expected) => {
    expect(validateChangePassword(input)).toEqual(expected);
  });
});
