import { describe, expect, it } from 'vitest';
import type { NotifiedPost } from '../notifier.ts';
import { buildNewPostCard, postDeepLink, truncateSummary } from './new-post-card.ts';

const options = { teamsAppId: '6f1d0c2e-4a3b-4c5d-8e9f-0a1b2c3d4e5f', tabEntityId: 'chorus-home', locale: 'en-US' };

const post: NotifiedPost = {
  id: 42,
  title: 'Quarterly results',
  summary: 'Revenue grew 12% this quarter.',
  imageUrl: 'https://cdn.example.com/42.jpg',
  topic: 'Finance',
};

describe('buildNewPostCard', () => {
  it('is an Adaptive Card 1.5 with heading, title, topic, image, summary and an Open post button', () => {
    const card = buildNewPostCard(post, options);

    expect(card.$schema).toBe('http://adaptivecards.io/schemas/adaptive-card.json');
    expect(card.type).toBe('AdaptiveCard');
    expect(card.version).toBe('1.5');
    expect(card.body).toEqual([
      expect.objectContaining({ type: 'TextBlock', text: 'New post published' }),
      expect.objectContaining({ type: 'TextBlock', text: 'Quarterly results' }),
      expect.objectContaining({ type: 'TextBlock', text: 'Topic: Finance' }),
      { type: 'Image', url: 'https://cdn.example.com/42.jpg', altText: 'Image for Quarterly results', size: 'stretch' },
      expect.objectContaining({ type: 'TextBlock', text: 'Revenue grew 12% this quarter.' }),
    ]);
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open post', url: postDeepLink(options.teamsAppId, options.tabEntityId, 42) },
    ]);
  });

  it('leaves out the image and topic when the post has none', () => {
    const card = buildNewPostCard({ ...post, imageUrl: null, topic: null }, options);

    expect(card.body.some((element) => element.type === 'Image')).toBe(false);
    expect(card.body.map((element) => (element.type === 'TextBlock' ? element.text : element.url))).toEqual([
      'New post published',
      'Quarterly results',
      'Revenue grew 12% this quarter.',
    ]);
  });

  it('shortens a long summary to at most 200 characters', () => {
    const card = buildNewPostCard({ ...post, summary: 'word '.repeat(100) }, options);
    const summary = card.body.at(-1);

    expect(summary?.type).toBe('TextBlock');
    const text = summary?.type === 'TextBlock' ? summary.text : '';
    expect(Array.from(text).length).toBeLessThanOrEqual(200);
    expect(text.endsWith('word…')).toBe(true);
  });

  it.each([
    ['de-DE', 'Beitrag öffnen', 'Neuer Beitrag veröffentlicht'],
    ['es-ES', 'Abrir publicación', 'Nueva publicación disponible'],
    ['fr-CA', 'Ouvrir la publication', 'Nouvelle publication disponible'],
    ['fr-FR', 'Ouvrir la publication', 'Nouvelle publication disponible'],
    ['pt-BR', 'Open post', 'New post published'],
  ])('speaks %s', (locale, button, heading) => {
    const card = buildNewPostCard(post, { ...options, locale });

    expect(card.actions[0]?.title).toBe(button);
    expect(card.body[0]).toMatchObject({ text: heading });
  });
});

describe('postDeepLink', () => {
  it('opens the tab entity with the post as sub-entity', () => {
    const link = postDeepLink('app-id', 'chorus-home', 123);

    expect(link).toBe(
      'https://teams.microsoft.com/l/entity/app-id/chorus-home?context=%7B%22subEntityId%22%3A%22post%3A123%22%7D',
    );
    expect(JSON.parse(new URL(link).searchParams.get('context') ?? '')).toEqual({ subEntityId: 'post:123' });
  });
});

describe('truncateSummary', () => {
  it.each([
    ['keeps a short text', 'Short and sweet.', 'Short and sweet.'],
    ['collapses white space', '  Line one\n\n line   two ', 'Line one line two'],
    ['keeps exactly 200 characters', 'a'.repeat(200), 'a'.repeat(200)],
    ['cuts a long word at the limit', 'a'.repeat(250), `${'a'.repeat(199)}…`],
    ['cuts on a word boundary', `${'abcd '.repeat(39)}abcdefghij more`, `${'abcd '.repeat(38)}abcd…`],
  ])('%s', (_name, input, expected) => {
    expect(truncateSummary(input)).toBe(expected);
  });

  it('never splits an emoji', () => {
    const text = truncateSummary('🎉'.repeat(300), 10);

    expect(text).toBe(`${'🎉'.repeat(9)}…`);
  });
});
