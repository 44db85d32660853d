import { describe, expect, it } from 'vitest';
import { CAPTION_LIMITS, captionLength, hashtagsToAdd, ownWords, weightedLengthX, withHashtags } from './caption-length.ts';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';

// Cases of twitter-text's conformance/validate.yml (WeightedTweetsCounterTest and, for emoji,
// WeightedTweetsWithDiscountedEmojiCounterTest, the v3 configuration X enforces), rewritten as
// our own table; the long texts are built rather than spelled out.
const conformance: readonly { description: string; text: string; weighted: number }[] = [
  { description: 'a regular post with a url', text: 'Hi http://test.co', weighted: 26 },
  { description: 'just a url', text: 'http://test.co', weighted: 23 },
  { description: '285 latin characters', text: `285 chars-${'xxxxxxxxxx-'.repeat(25)}`, weighted: 285 },
  {
    description: 'a long url in the middle counts 23',
    text: `285 chars- http://www.twitter.com/jack ${'xxxxxxxxxx-'.repeat(25)}`,
    weighted: 10 + 1 + 23 + 1 + 275,
  },
  { description: 'ten urls', text: 'https://www.twitter.com/aloha '.repeat(10), weighted: 240 },
  { description: '160 CJK characters weigh 2 each', text: '故人西辞黄鹤楼，'.repeat(20), weighted: 320 },
  { description: '3 latin and 160 CJK characters', text: `the${'故人西辞黄鹤楼，'.repeat(20)}`, weighted: 323 },
  { description: '160 emoji outside the BMP weigh 2 each', text: '\u{1F637}'.repeat(160), weighted: 320 },
  { description: "'A' and a combining acute accent are normalised into one character", text: 'A\u0301B', weighted: 2 },
  { description: 'a Hebrew letter with two marks normalises into 3 characters', text: 'A\u05E9\u05BC\u05C1', weighted: 4 },
  // WeightedTweetsCounterTest (the v2 table) gives 16 here: v3 counts the family sequence as 2.
  { description: 'latin, emoji, a BMP symbol and a family sequence', text: `H\u{1F431}\u263A${FAMILY}`, weighted: 7 },
  { description: 'five emoji', text: '\u{1F637}\u{1F47E}\u{1F621}\u{1F525}\u{1F4A9}', weighted: 10 },
  { description: 'a skin-toned emoji and a ZWJ sequence weigh 2 each', text: '\u{1F64B}\u{1F3FD}\u{1F468}\u200D\u{1F3A4}', weighted: 4 },
  { description: '140 family emoji fill a post exactly', text: FAMILY.repeat(140), weighted: 280 },
  { description: 'a keycap emoji with a latin lead counts 2', text: '1\u20E3', weighted: 2 },
  { description: 'a 64 character domain without protocol is text, not a url', text: `${'randomurl'.repeat(7)}s.com`, weighted: 68 },
];

describe('weightedLengthX: twitter-text conformance (weighted length)', () => {
  it.each(conformance)('$description: $weighted', ({ text, weighted }) => {
    expect(weightedLengthX(text)).toBe(weighted);
  });

  it('weighs the spec ranges 8192-8205, 8208-8223 and 8242-8247 as 1 and others above 4351 as 2', () => {
    expect(weightedLengthX('\u2000\u200D')).toBe(2);
    expect(weightedLengthX('\u2010\u201F')).toBe(2);
    expect(weightedLengthX('\u2032\u2037')).toBe(2);
    expect(weightedLengthX('\u10FF')).toBe(1);
    expect(weightedLengthX('\u1100')).toBe(2);
    expect(weightedLengthX('\u2030')).toBe(2);
  });

  it('is 0 for an empty caption', () => {
    expect(weightedLengthX('')).toBe(0);
  });
});

describe('captionLength', () => {
  const rows: readonly {
    name: string;
    network: 'twitter' | 'linkedin' | 'facebook';
    text: string;
    extras?: Parameters<typeof captionLength>[2];
    length: number;
    over: boolean;
  }[] = [
    { name: 'X: plain text', network: 'twitter', text: 'Hello', length: 5, over: false },
    { name: 'X: the post url adds 24', network: 'twitter', text: 'Hello', extras: { url: 'https://example.com/a/very/long/path' }, length: 29, over: false },
    { name: 'X: no post url adds nothing', network: 'twitter', text: 'Hello', extras: { url: null }, length: 5, over: false },
    { name: 'X: the hashtag string adds its length + 1', network: 'twitter', text: 'Hello', extras: { hashtagsString: '#one #two' }, length: 15, over: false },
    { name: 'X: an empty hashtag string adds nothing', network: 'twitter', text: 'Hello', extras: { hashtagsString: '  ' }, length: 5, over: false },
    { name: 'X: 280 is within the limit', network: 'twitter', text: 'x'.repeat(280), length: 280, over: false },
    { name: 'X: 281 is over', network: 'twitter', text: 'x'.repeat(281), length: 281, over: true },
    { name: 'X: 256 characters and the post url reach 280', network: 'twitter', text: 'x'.repeat(256), extras: { url: 'https://example.com' }, length: 280, over: false },
    { name: 'X: 257 characters and the post url are over', network: 'twitter', text: 'x'.repeat(257), extras: { url: 'https://example.com' }, length: 281, over: true },
    { name: 'LinkedIn: a url counts 23', network: 'linkedin', text: 'See https://example.com/a/very/long/path/indeed', length: 4 + 23, over: false },
    { name: 'LinkedIn: the post url is not counted', network: 'linkedin', text: 'Hi', extras: { url: 'https://example.com' }, length: 2, over: false },
    { name: 'LinkedIn: the hashtag rule', network: 'linkedin', text: 'Hi', extras: { hashtagsString: '#news' }, length: 8, over: false },
    { name: 'LinkedIn: 3000 is within the limit', network: 'linkedin', text: 'x'.repeat(3000), length: 3000, over: false },
    { name: 'LinkedIn: 3001 is over', network: 'linkedin', text: 'x'.repeat(3001), length: 3001, over: true },
    { name: 'LinkedIn: an emoji is one character', network: 'linkedin', text: '\u{1F637}', length: 1, over: false },
    {
      name: 'LinkedIn: a mention counts as its display name',
      network: 'linkedin',
      text: 'Thanks @Ada!',
      extras: { mentions: [{ index: 7, mention_text: '@Ada', name: 'Ada Lovelace' }] },
      length: 7 + 12 + 1,
      over: false,
    },
    {
      name: 'LinkedIn: a mention whose text is not at its index counts as written',
      network: 'linkedin',
      text: 'Thanks @Ada!',
      extras: { mentions: [{ index: 0, mention_text: '@Ada', name: 'Ada Lovelace' }] },
      length: 12,
      over: false,
    },
    { name: 'Facebook: 63206 is within the limit', network: 'facebook', text: 'x'.repeat(63206), length: 63206, over: false },
    { name: 'Facebook: 63207 is over', network: 'facebook', text: 'x'.repeat(63207), length: 63207, over: true },
    { name: 'Facebook: the hashtag rule', network: 'facebook', text: 'x'.repeat(63200), extras: { hashtagsString: '#abcde' }, length: 63207, over: true },
  ];

  it.each(rows)('$name', ({ network, text, extras, length, over }) => {
    expect(captionLength(network, text, extras)).toEqual({ length, max: CAPTION_LIMITS[network], over });
  });

  it('has the spec limits', () => {
    expect(CAPTION_LIMITS).toEqual({ twitter: 280, linkedin: 3000, facebook: 63206 });
  });
});

describe('the post’s hashtags in the caption box', () => {
  it('adds only the hashtags the caption does not hold, whole and in any case', () => {
    expect(hashtagsToAdd('Our roofs', '#solar #acme')).toBe('#solar #acme');
    expect(hashtagsToAdd('Go #Solar today', '#solar #acme')).toBe('#acme');
    expect(hashtagsToAdd('#solarpower and #acme_news', '#solar #acme')).toBe('#solar #acme');
    expect(hashtagsToAdd('x#solar', '#solar')).toBe('#solar');
    expect(hashtagsToAdd('anything', '')).toBe('');
    expect(hashtagsToAdd('anything', null)).toBe('');
  });

  it('starts the box with them and never publishes one twice', () => {
    expect(withHashtags('', '#solar #acme')).toBe('#solar #acme');
    expect(withHashtags('Our roofs  ', '#solar #acme')).toBe('Our roofs #solar #acme');
    expect(withHashtags('#acme first', '#solar #acme')).toBe('#acme first #solar');
    expect(withHashtags('Go #solar #acme', '#solar #acme')).toBe('Go #solar #acme');
  });

  it('tells the member’s own words from the hashtags', () => {
    expect(ownWords('#solar #acme', '#solar #acme')).toBe('');
    expect(ownWords('  #SOLAR ', '#solar')).toBe('');
    expect(ownWords('Bright #solar #acme', '#solar #acme')).toBe('Bright');
    expect(ownWords('#sun', '#solar')).toBe('#sun');
  });

  it('counts a hashtag the caption holds once', () => {
    const apart = captionLength('facebook', 'Bright', { hashtagsString: '#solar' });
    const inside = captionLength('facebook', 'Bright #solar', { hashtagsString: '#solar' });
    expect(apart.length).toBe('Bright #solar'.length);
    expect(inside.length).toBe(apart.length);
    expect(captionLength('twitter', '#solar Bright', { hashtagsString: '#solar' }).length).toBe('#solar Bright'.length);
  });
});
