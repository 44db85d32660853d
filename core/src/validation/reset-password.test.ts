import { describe, expect, it } from 'vitest';
import { validateResetPassword } from './reset-password.ts';
import type { ValidationResult } from './result.ts';

describe('validateResetPassword (submit only when both filled and equal)', () => {
  it.each<[string, string, ValidationResult]>([
    ['Chorus!2026', 'Chorus!2026', { ok: true }],
    ['Chorus!2026', 'Chorus!2027', { ok: false, error: 'password.shouldMatch' }],
    ['', '', { ok: false, error: 'password.required' }],
    ['Chorus!2026', '', { ok: false, error: 'password.required' }],
    ['', 'Chorus!2026', { ok: false, error: 'password.required' }],
  ])('password_1=%j password_2=%j', (password_1, password_2, expected) => {
    expect(validateResetPassword({ password_1, password_2 })).toEqual(expected);
  });
});
