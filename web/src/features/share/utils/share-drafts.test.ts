import { describe, expect, it } from 'vitest';
import type { Mention, NetworkMetadata } from '@chorus/core';
import {
  asksEmptyCaption,
  contentToSend,
  hasUnsavedEdits,
  initialDrafts,
  isDirty,
  mailtoHref,
} from './share-drafts.ts';

const mention: Mention = { account_id: 'urn:li:person:1', account_type: 'person', index: 7, name: 'Zoë Ünal', mention_text: 'Zoë', screen_name: null };

function network(networkId: 1 | 2 | 3, content: string): NetworkMetadata {
  return {
    networkId,
    name: networkId === 1 ? 'TWITTER' : networkId === 2 ? 'FACEBOOK' : 'LINKEDIN',
    content,
    mentions: [],
    hashtags: '',
    shared: false,
    canShare: true,
    canQueue: true,
    blocked: null,
    method: 'api',
    page: null,
    deferredPostId: null,
    deferredPostDate: null,
    isShareProcessing: false,
    maxLength: networkId === 1 ? 280 : networkId === 2 ? 63206 : 3000,
  };
}

describe('share drafts', () => {
  it('start from each network saved caption, the resumed caption on its own tab', () => {
    const drafts = initialDrafts([network(1, 'x text'), network(3, 'li text')], { network: 3, content: 'kept', mentions: [mention] });
    expect(drafts[1]).toEqual({ content: 'x text', mentions: [], saved: 'x text', savedMentions: [] });
    expect(drafts[3]).toEqual({ content: 'kept', mentions: [mention], saved: 'li text', savedMentions: [] });
    expect(drafts[2]).toBeUndefined();
  });

  it('are dirty only when the caption differs from the saved one', () => {
    const drafts = initialDrafts([network(1, 'a'), network(2, 'b')]);
    expect(hasUnsavedEdits(drafts)).toBe(false);
    expect(isDirty({ content: 'a!', mentions: [], saved: 'a', savedMentions: [] })).toBe(true);
    expect(hasUnsavedEdits({ ...drafts, 2: { content: 'c', mentions: [], saved: 'b', savedMentions: [] } })).toBe(true);
    expect(hasUnsavedEdits(initialDrafts([network(3, 'li')], { network: 3, content: 'changed', mentions: [] }))).toBe(true);
  });

  it('start an editable caption with the post’s hashtags, counted as saved', () => {
    const tagged = { ...network(2, 'Our roofs'), hashtags: '#solar #acme' };
    const drafts = initialDrafts([tagged, { ...network(1, 'Go #solar'), hashtags: '#solar' }]);
    expect(drafts[2]).toMatchObject({ content: 'Our roofs #solar #acme', saved: 'Our roofs #solar #acme' });
    expect(drafts[1]).toMatchObject({ content: 'Go #solar', saved: 'Go #solar' });
    expect(hasUnsavedEdits(drafts)).toBe(false);
    // A post whose text cannot change keeps its text; a resumed caption is the member's.
    expect(initialDrafts([tagged], undefined, false)[2]).toMatchObject({ content: 'Our roofs' });
    expect(initialDrafts([tagged], { network: 2, content: 'mine', mentions: [] })[2]).toMatchObject({ content: 'mine' });
  });

  it('ask the empty-caption question when the box holds only the post’s hashtags', () => {
    expect(asksEmptyCaption('#solar #acme', false, '#solar #acme')).toBe(true);
    expect(asksEmptyCaption('#solar #acme great', false, '#solar #acme')).toBe(false);
    expect(asksEmptyCaption('#sun', false, '#solar')).toBe(false);
  });

  it('send an empty caption of a post with media as one space', () => {
    expect(contentToSend('', true)).toBe(' ');
    expect(contentToSend('  ', true)).toBe(' ');
    expect(contentToSend('', false)).toBe('');
    expect(contentToSend('hi', true)).toBe('hi');
  });

  it('ask the empty-caption question unless opted out', () => {
    expect(asksEmptyCaption('', false)).toBe(true);
    expect(asksEmptyCaption(' \n', false)).toBe(true);
    expect(asksEmptyCaption('', true)).toBe(false);
    expect(asksEmptyCaption('words', false)).toBe(false);
  });

  it('build a mailto with subject and body encoded', () => {
    expect(mailtoHref('A & B', 'See https://acme.example/r/abc?x=1')).toBe('mailto:?subject=A%20%26%20B&body=See%20https%3A%2F%2Facme.example%2Fr%2Fabc%3Fx%3D1');
  });
});
