import { describe, expect, it } from 'vitest';
import { validateSubdomain } from './subdomain.ts';

describe('validateSubdomain', () => {
  it.each(['acme', 'initech-2', 'a', '0x', 'a'.repeat(63)])('accepts %s', (value) => {
    expect(validateSubdomain(value)).toEqual({ ok: true });
  });

  it.each([
    ['', 'subdomain.required'],
    ['   ', 'subdomain.required'],
    [null, 'subdomain.required'],
    ['Acme', 'subdomain.invalid'],
    ['-acme', 'subdomain.invalid'],
    ['acme-', 'subdomain.invalid'],
    ['ac.me', 'subdomain.invalid'],
    ['ac_me', 'subdomain.invalid'],
    ['a'.repeat(64), 'subdomain.invalid'],
    ['app', 'subdomain.reserved'],
    ['www', 'subdomain.reserved'],
  ])('refuses %j with %s', (value, error) => {
    expect(validateSubdomain(value)).toEqual({ ok: false, error });
  });
});
