import { describe, expect, it } from 'vitest';
import { publishedText } from './published-text.ts';

const post = { hashtags: ['solar', 'acme'] };

describe('the text a share publishes', () => {
  it('appends the post’s hashtags after the caption, and on X the tracked link', () => {
    expect(publishedText('facebook', post, 'Our roofs', [], null).text).toBe('Our roofs #solar #acme');
    expect(publishedText('twitter', post, 'Our roofs ', [], 'https://acme.example/r/abc').text).toBe('Our roofs #solar #acme https://acme.example/r/abc');
  });

  it('publishes each hashtag once when the caption box kept or moved them', () => {
    expect(publishedText('facebook', post, 'Our roofs #solar #acme', [], null).text).toBe('Our roofs #solar #acme');
    expect(publishedText('linkedin', post, '#ACME first, then roofs', [], null).text).toBe('#ACME first, then roofs #solar');
    expect(publishedText('twitter', post, '#solar #acme', [], 'https://acme.example/r/abc').text).toBe('#solar #acme https://acme.example/r/abc');
    // A longer tag is not the post's: the post's own still goes out.
    expect(publishedText('facebook', post, 'Go #solarpower', [], null).text).toBe('Go #solarpower #solar #acme');
  });
});
