import { describe, expect, it } from 'vitest';
import { AiCaptionRequest } from './ai-caption.ts';
import { complianceMessageKey, ComplianceSettings } from './compliance.ts';
import { isMentionQuery, MentionSearchQuery } from './mention-search.ts';

describe('mention queries: from 3 characters; letters, digits, - _ & \'', () => {
  it.each<[string, boolean]>([
    ['ab', false],
    ['abc', true],
    ['Contoso', true],
    ['ben&jerry\'s', true],
    ['north-wind_2', true],
    ['Zürich', true],
    ['東京電力', true],
    ['two words', false],
    ['acme!', false],
    ['@acme', false],
    ['a'.repeat(101), false],
  ])('%s: %s', (text, ok) => {
    expect(isMentionQuery(text)).toBe(ok);
    expect(MentionSearchQuery.safeParse({ q: text }).success).toBe(ok);
  });
});

describe('AI caption request', () => {
  it.each<[unknown, number | null]>([
    [3, 3],
    ['3', 3],
    ['LINKEDIN', 3],
    ['twitter', 1],
    ['Facebook', 2],
    [4, null],
    ['MYSPACE', null],
  ])('target_social_network %s', (target, id) => {
    const parsed = AiCaptionRequest.safeParse({ target_social_network: target, post_id: 1 });
    expect(parsed.success ? parsed.data.target_social_network : null).toBe(id);
  });

  it('defaults tones, caption and title, and refuses unknown tones', () => {
    expect(AiCaptionRequest.parse({ target_social_network: 1, post_id: '7' })).toEqual({ target_social_network: 1, tones: [], post_id: 7, caption: '', title: '' });
    expect(AiCaptionRequest.safeParse({ target_social_network: 1, post_id: 7, tones: ['Angry'] }).success).toBe(false);
  });
});

describe('compliance contract', () => {
  it.each([
    [null, null],
    [0, 'flagged'],
    [1, 'prohibited'],
    [2, 'threshold'],
  ] as const)('type %s shows %s', (typeId, key) => {
    expect(complianceMessageKey(typeId)).toBe(key);
  });

  it('trims terms and refuses empty ones and bad thresholds', () => {
    expect(ComplianceSettings.parse({ enabled: true, prohibited: [' a '], limited: [], threshold: 0 }).prohibited).toEqual(['a']);
    expect(ComplianceSettings.safeParse({ enabled: true, prohibited: [' '], limited: [], threshold: 0 }).success).toBe(false);
    expect(ComplianceSettings.safeParse({ enabled: true, prohibited: [], limited: [], threshold: 1001 }).success).toBe(false);
  });
});
