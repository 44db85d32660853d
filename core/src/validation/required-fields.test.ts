import { describe, expect, it } from 'vitest';
import {
  validateFirstName,
  validateLastName,
  validatePasswordRequired,
  validateRequired,
  validateUsername,
} from './required-fields.ts';
import type { ValidationKey, ValidationResult } from './result.ts';

type Rule = (value: string | null | undefined) => ValidationResult;

describe.each<[string, Rule, ValidationKey]>([
  ['first name', validateFirstName, 'firstName.required'],
  ['last name', validateLastName, 'lastName.required'],
  ['username', validateUsername, 'username.required'],
  ['any required field', validateRequired, 'required'],
])('%s', (_name, rule, key) => {
  it.each(['', '   ', '\t', null, undefined])('rejects %j', (value) => {
    expect(rule(value)).toEqual({ ok: false, error: key });
  });
  it.each(['Ada', ' Ada ', 'Ó'])('accepts %j', (value) => {
    expect(rule(value)).toEqual({ ok: true });
  });
});

describe('validatePasswordRequired', () => {
  it.each<[string | null | undefined, boolean]>([
    ['', false],
    [null, false],
    [undefined, false],
    ['x', true],
    ['   ', true],
  ])('%j filled: %s', (value, filled) => {
    expect(validatePasswordRequired(value)).toEqual(filled ? { ok: true } : { ok: false, error: 'password.required' });
  });
});
