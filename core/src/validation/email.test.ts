import { describe, expect, it } from 'vitest';
import { validateEmail } from './email.ts';

describe('validateEmail', () => {
  it.each([
    'admin@acme.example',
    'first.last@acme.example',
    'user+tag@sub.acme.co.uk',
    "o'brien@acme.example",
    'UPPER@ACME.EXAMPLE',
    '  user@acme.example  ',
    `${'a'.repeat(64)}@acme.example`,
  ])('accepts %j', (email) => {
    expect(validateEmail(email)).toEqual({ ok: true });
  });

  it.each([
    'plainaddress',
    'user@',
    '@acme.example',
    'user@localhost',
    'user@acme',
    'user@@acme.example',
    'user name@acme.example',
    'user@acme..example',
    'user@-acme.example',
    'user@acme-.example',
    '.user@acme.example',
    'user.@acme.example',
    'us..er@acme.example',
    'user@acme.example.',
    `${'a'.repeat(65)}@acme.example`,
    `user@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example`,
  ])('rejects %j', (email) => {
    expect(validateEmail(email)).toEqual({ ok: false, error: 'email.invalid' });
  });

  it.each(['', '   ', null, undefined])('requires a value (%j)', (email) => {
    expect(validateEmail(email)).toEqual({ ok: false, error: 'email.required' });
  });
});
