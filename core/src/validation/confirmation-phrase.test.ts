import { describe, expect, it } from 'vitest';
import { validateConfirmPhrase, validateDeletePhrase, validateRemovalConfirmation } from './confirmation-phrase.ts';
import type { ValidationResult } from './result.ts';

describe('validateConfirmPhrase (exactly CONFIRM)', () => {
  it.each<[string, boolean]>([
    ['CONFIRM', true],
    ['confirm', false],
    ['Confirm', false],
    [' CONFIRM', false],
    ['CONFIRM ', false],
    ['CONFIRMED', false],
    ['DELETE', false],
    ['', false],
  ])('%j: %s', (text, ok) => {
    expect(validateConfirmPhrase(text)).toEqual(ok ? { ok: true } : { ok: false, error: 'confirmPhrase.mismatch' });
  });
});

describe('validateDeletePhrase (exactly DELETE)', () => {
  it.each<[string, boolean]>([
    ['DELETE', true],
    ['delete', false],
    ['DELETE ', false],
    ['DELET', false],
    ['CONFIRM', false],
    ['', false],
  ])('%j: %s', (text, ok) => {
    expect(validateDeletePhrase(text)).toEqual(ok ? { ok: true } : { ok: false, error: 'deletePhrase.mismatch' });
  });
});

describe('validateRemovalConfirmation', () => {
  it.each<[string, boolean, string, string, ValidationResult]>([
    ['password company with a password', false, 'secret', '', { ok: true }],
    ['password company without a password', false, '', 'CONFIRM', { ok: false, error: 'password.required' }],
    ['SSO-only company typing CONFIRM', true, '', 'CONFIRM', { ok: true }],
    ['SSO-only company typing something else', true, 'secret', 'confirm', { ok: false, error: 'confirmPhrase.mismatch' }],
  ])('%s', (_name, ssoOnly, password, confirmation, expected) => {
    expect(validateRemovalConfirmation({ ssoOnly, password, confirmation })).toEqual(expected);
  });
});
