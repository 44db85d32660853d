import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-format.ts';

describe('dateTimeFormat', () => {
  it('makes one formatter per language and options, and reuses it', () => {
    const first = dateTimeFormat('fr-CA', { dateStyle: 'medium' });
    expect(dateTimeFormat('fr-CA', { dateStyle: 'medium' })).toBe(first);
    expect(dateTimeFormat('de-DE', { dateStyle: 'medium' })).not.toBe(first);
    expect(dateTimeFormat('fr-CA', { dateStyle: 'long' })).not.toBe(first);
  });

  it('formats as a new Intl.DateTimeFormat with the same language and options would', () => {
    const at = new Date('2026-03-04T15:30:00Z');
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' };
    for (const language of ['en-US', 'es-ES', 'fr-CA', 'de-DE']) {
      expect(dateTimeFormat(language, options).format(at)).toBe(new Intl.DateTimeFormat(language, options).format(at));
    }
  });

  it('throws for a zone the runtime does not know, as the constructor does', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});
