import { describe, expect, it } from 'vitest';
import { hasTimezoneMismatch, sampleInstants, zoneOffsetMinutes, zonesAgree } from './timezone-match.ts';

const JANUARY = new Date('2026-01-15T12:00:00Z');
const JULY = new Date('2026-07-15T12:00:00Z');

describe('zoneOffsetMinutes', () => {
  it.each([
    ['UTC', JANUARY, 0],
    ['Europe/Berlin', JANUARY, 60],
    ['Europe/Berlin', JULY, 120],
    ['America/New_York', JANUARY, -300],
    ['Asia/Kolkata', JULY, 330],
    ['Asia/Kathmandu', JULY, 345],
    ['America/St_Johns', JANUARY, -210],
  ])('%s at %s is %i minutes', (zone, at, minutes) => {
    expect(zoneOffsetMinutes(zone, at)).toBe(minutes);
  });

  it('is null for a zone the runtime does not know', () => {
    expect(zoneOffsetMinutes('Mars/Olympus_Mons', JANUARY)).toBeNull();
  });
});

describe('sampleInstants', () => {
  it('covers now and the next twelve months', () => {
    const instants = sampleInstants(JANUARY);
    expect(instants).toHaveLength(13);
    expect(instants[0]).toBe(JANUARY);
    expect(instants.at(-1)?.toISOString()).toBe('2027-01-01T12:00:00.000Z');
  });
});

describe('zonesAgree', () => {
  it.each([
    ['the same zone', 'Europe/London', 'Europe/London', true],
    ['an alias', 'US/Eastern', 'America/New_York', true],
    ['an old name', 'Asia/Calcutta', 'Asia/Kolkata', true],
    ['UTC spellings', 'Etc/UTC', 'UTC', true],
    ['zones with the same offsets and rules', 'Europe/Paris', 'Europe/Berlin', true],
    ['zones an hour apart', 'Europe/London', 'Europe/Berlin', false],
    ['zones far apart', 'Asia/Tokyo', 'America/Chicago', false],
    ['the same offset in winter only', 'America/Phoenix', 'America/Denver', false],
    ['hemispheres with opposite daylight saving', 'America/Santiago', 'America/Halifax', false],
    ['an unknown zone', 'Mars/Olympus_Mons', 'UTC', false],
  ])('%s: %s and %s -> %s', (_label, a, b, expected) => {
    expect(zonesAgree(a, b, JANUARY)).toBe(expected);
    expect(zonesAgree(b, a, JULY)).toBe(expected);
  });
});

describe('hasTimezoneMismatch', () => {
  it('warns when the browser and the saved zone disagree', () => {
    expect(hasTimezoneMismatch('Asia/Tokyo', 'America/New_York', JANUARY)).toBe(true);
  });

  it('does not warn for an alias of the saved zone', () => {
    expect(hasTimezoneMismatch('America/New_York', 'US/Eastern', JANUARY)).toBe(false);
  });

  it('warns when the saved zone is unknown, so the user can fix it', () => {
    expect(hasTimezoneMismatch('Europe/Berlin', 'Nowhere/Land', JANUARY)).toBe(true);
  });

  it('stays quiet when the browser does not tell its zone', () => {
    expect(hasTimezoneMismatch(undefined, 'UTC', JANUARY)).toBe(false);
    expect(hasTimezoneMismatch('', 'UTC', JANUARY)).toBe(false);
    expect(hasTimezoneMismatch('Not/AZone', 'UTC', JANUARY)).toBe(false);
  });
});
