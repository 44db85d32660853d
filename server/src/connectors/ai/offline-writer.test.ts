import { AI_TONES } from '@chorus/core';
import { describe, expect, it } from 'vitest';
import type { CaptionBrief } from './caption-writer.ts';
import { offlineCaptionWriter, TONE_PHRASES } from './offline-writer.ts';

const BRIEF: CaptionBrief = {
  networkName: 'LinkedIn',
  tone: 'Friendly',
  title: 'Meet the Solar Tile',
  content: 'A roof that makes power and looks like a roof. It ships to ten countries this spring. See https://acme.example/tile for more.',
  hashtags: ['SolarTile', 'clean_energy'],
  caption: 'my draft',
  jobTitle: 'Solar engineer',
  goal: 'Grow my network',
  maxLength: 3000,
  measure: (text) => text.length,
  retry: null,
};

const writer = offlineCaptionWriter();

describe('the offline caption writer', () => {
  it('uses the title, the first sentences without links, the hashtags as words, and a phrase of the tone', async () => {
    const caption = await writer.write(BRIEF);
    expect(caption).toContain('Meet the Solar Tile. A roof that makes power and looks like a roof.');
    expect(caption).not.toContain('https://');
    expect(caption).toContain('solar tile and clean energy');
    const { openers, closers } = TONE_PHRASES.Friendly;
    expect(openers.some((o) => caption.startsWith(o))).toBe(true);
    expect(closers.some((c) => caption.endsWith(c))).toBe(true);
    expect(caption).not.toContain('my draft');
  });

  it('gives the same caption for the same brief, and a different one for each tone', async () => {
    expect(await writer.write(BRIEF)).toBe(await writer.write({ ...BRIEF }));
    const all = await Promise.all(AI_TONES.map((tone) => writer.write({ ...BRIEF, tone })));
    expect(new Set(all).size).toBe(AI_TONES.length);
  });

  it('picks the longest version that fits the limit', async () => {
    const full = await writer.write(BRIEF);
    const short = await writer.write({ ...BRIEF, maxLength: 60 });
    expect(short.length).toBeLessThanOrEqual(60);
    expect(short.length).toBeLessThan(full.length);
    expect(short).toContain('Meet the Solar Tile.');
  });

  it('on a retry for compliance, leaves out every version holding a refused term and the previous caption', async () => {
    const first = await writer.write({ ...BRIEF, title: 'Guaranteed returns on solar' });
    expect(first.toLowerCase()).toContain('guaranteed returns');
    const second = await writer.write({ ...BRIEF, title: 'Guaranteed returns on solar', retry: { previous: first, reason: 'compliance', terms: ['guaranteed returns'] } });
    expect(second.toLowerCase()).not.toContain('guaranteed returns');
    expect(second).not.toBe(first);
    expect(second.length).toBeGreaterThan(0);
  });

  it('answers its shortest version when nothing fits, for the caller to refuse', async () => {
    const caption = await writer.write({ ...BRIEF, maxLength: 5 });
    expect(caption.length).toBeGreaterThan(5);
  });
});
