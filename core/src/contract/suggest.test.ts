import { describe, expect, it } from 'vitest';
import { SUGGESTION_MAX_LENGTH, SuggestionFields, canSubmitSuggestion, firstLink } from './suggest.ts';

describe('suggest content contract', () => {
  // Spec 5: "The button is disabled when the text is empty or loading"; images never stand in for text.
  it.each([
    ['', false, false],
    ['   \n\t', false, false],
    ['', true, false],
    ['Worth a post', true, false],
    ['Worth a post', false, true],
    ['  x  ', false, true],
  ] as const)('submit with text %j while loading=%s: %s', (content, loading, allowed) => {
    expect(canSubmitSuggestion(content, loading)).toBe(allowed);
  });

  it.each([
    [{}, false],
    [{ content: '   ' }, false],
    [{ content: '', media_url: ['https://example.com/a.jpg'] }, false],
    [{ content: 'x'.repeat(SUGGESTION_MAX_LENGTH + 1) }, false],
    [{ content: 'Read this' }, true],
    [{ content: 'Read this', media_url: ['https://example.com/a.jpg'] }, true],
  ])('the server accepts the fields %j: %s', (fields, accepted) => {
    expect(SuggestionFields.safeParse(fields).success).toBe(accepted);
  });

  it.each([
    ['Worth a read: https://news.example.org/story.', 'https://news.example.org/story'],
    ['(see http://a.example/x)', 'http://a.example/x'],
    ['no link here', null],
  ])('finds the first link of %j', (text, link) => {
    expect(firstLink(text)).toBe(link);
  });
});
