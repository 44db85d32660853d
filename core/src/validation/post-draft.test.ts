import { describe, expect, it } from 'vitest';
import type { AdminPostInput } from '../contract/admin-posts.ts';
import { parseHashtags, postDraftProblems, startingCaption } from './post-draft.ts';

const DRAFT: AdminPostInput = {
  title: 'Launch',
  content: 'We shipped',
  hashtags: ['launch'],
  url: null,
  images: [],
  networks: { twitter: true, facebook: true, linkedin: true },
  topic_ids: [],
  is_featured: false,
  is_reactions_enabled: true,
  is_comments_enabled: true,
  start: null,
  expiration: null,
  captions: { twitter: null, facebook: null, linkedin: null },
};

describe('startingCaption', () => {
  it.each<[string, AdminPostInput['captions'], AdminPostInput['hashtags'], string]>([
    ["the post's text and hashtags without a suggestion", { twitter: null, facebook: null, linkedin: null }, ['launch'], 'We shipped #launch'],
    ['a blank suggestion counts as none', { twitter: '  ', facebook: null, linkedin: null }, ['launch'], 'We shipped #launch'],
    ["the suggestion with the post's hashtags it lacks (a share publishes them anyway)", { twitter: 'Big day', facebook: null, linkedin: null }, ['launch', 'app'], 'Big day #launch #app'],
    ['a hashtag the suggestion already holds, in any case, is not added twice', { twitter: 'A #Launch day', facebook: null, linkedin: null }, ['launch'], 'A #Launch day'],
  ])('%s', (_name, captions, hashtags, expected) => {
    expect(startingCaption({ content: DRAFT.content, hashtags, captions }, 'twitter')).toBe(expected);
  });
});

describe('postDraftProblems', () => {
  it('counts a Twitter caption with the hashtags that go out with it', () => {
    expect(postDraftProblems({ ...DRAFT, captions: { twitter: 'x'.repeat(272), facebook: null, linkedin: null } })).toEqual([]);
    expect(postDraftProblems({ ...DRAFT, captions: { twitter: 'x'.repeat(273), facebook: null, linkedin: null } })).toEqual([{ field: 'captions.twitter', problem: 'twitterLong' }]);
  });
});

describe('parseHashtags', () => {
  it('splits on spaces and commas, drops the #, keeps the first spelling once', () => {
    expect(parseHashtags('#Launch, growth  #launch,,#'))
      .toEqual(['Launch', 'growth']);
  });
});
