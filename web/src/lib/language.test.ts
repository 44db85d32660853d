import { describe, expect, it } from 'vitest';
import { languageFromCookie } from './language.ts';

describe('languageFromCookie', () => {
  it('reads the language cookie among others', () => {
    expect(languageFromCookie('pb_token=abc; language=fr-CA; other=1')).toBe('fr-CA');
  });

  it('is null without it', () => {
    expect(languageFromCookie('pb_token=abc')).toBeNull();
    expect(languageFromCookie('')).toBeNull();
  });
});
