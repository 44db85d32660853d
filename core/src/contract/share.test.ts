import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../validation/safe-next-path.ts';
import { base64Url, parsePostShareResume, postShareResumePath, type Mention } from './share.ts';

const mention: Mention = { account_id: '42', account_type: 'person', index: 0, name: 'Zoë', mention_text: '@Zoë', screen_name: null };

describe('the /post-share resume path', () => {
  it('carries the caption and the mentions (base64url) through the redirect target check unchanged', () => {
    const path = postShareResumePath('linkedin', 7, '@Zoë & friends: 100% ✓', [mention]);
    expect(path.startsWith('/post-share/linkedin/7?')).toBe(true);
    expect(safeNextPath(path)).toBe(path);
    const url = new URL(path, 'https://acme.example');
    expect(parsePostShareResume(url.searchParams)).toEqual({ content: '@Zoë & friends: 100% ✓', mentions: [mention] });
  });

  it('drops the mentions, then the caption, when the path would be too long', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ ...mention, index }));
    const noMentions = new URL(postShareResumePath('linkedin', 7, 'short', many, 400), 'https://acme.example');
    expect(parsePostShareResume(noMentions.searchParams)).toEqual({ content: 'short', mentions: [] });
    expect(postShareResumePath('twitter', 7, 'x'.repeat(3000), [])).toBe('/post-share/twitter/7');
  });

  it('drops values that are not base64url text or JSON of mentions', () => {
    expect(parsePostShareResume(new URLSearchParams({ content: btoa('a'), mentions: '%%%' }))).toEqual({ content: 'a', mentions: [] });
    expect(parsePostShareResume(new URLSearchParams({ content: '%%%', mentions: btoa('[{"name":1}]') }))).toEqual({ content: null, mentions: [] });
  });

  it('checks each mention field by field, without zod (the production web build stubs it out)', () => {
    const resume = (mentions: unknown) => parsePostShareResume(new URLSearchParams({ mentions: base64Url(JSON.stringify(mentions)) })).mentions;
    // screen_name may be left out, as clients send it.
    const { screen_name: _left, ...withoutScreenName } = mention;
    expect(resume([withoutScreenName])).toEqual([mention]);
    // A control character, a negative index, a long id, an object instead of a list, too many: none taken.
    expect(resume([{ ...mention, name: 'Zo\u0000ë' }])).toEqual([]);
    expect(resume([{ ...mention, index: -1 }])).toEqual([]);
    expect(resume([{ ...mention, account_id: 'x'.repeat(201) }])).toEqual([]);
    expect(resume([mention, { ...mention, screen_name: 7 }])).toEqual([]);
    expect(resume({ 0: mention })).toEqual([]);
    expect(resume(Array.from({ length: 51 }, (_, index) => ({ ...mention, index })))).toEqual([]);
    // Extra fields are not carried along.
    expect(resume([{ ...mention, url: 'javascript:alert(1)' }])).toEqual([mention]);
  });
});
