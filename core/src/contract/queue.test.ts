import { describe, expect, it } from 'vitest';
import { parsePostShareResume } from './share.ts';
import { postDeferResumePath } from './queue.ts';

describe('postDeferResumePath', () => {
  const mention = { account_id: '42', account_type: 'person', index: 0, name: 'Ada', mention_text: 'Ada', screen_name: null };

  it('carries the date, the caption and the mentions as /post-share does', () => {
    const path = postDeferResumePath('linkedin', 7, '2026-03-08T14:00:00.000Z', 'Ada & 100% of us', [mention]);
    const url = new URL(path, 'http://acme.localhost');
    expect(url.pathname).toBe('/post-defer/linkedin/7');
    expect(url.searchParams.get('date')).toBe('2026-03-08T14:00:00.000Z');
    expect(parsePostShareResume(url.searchParams)).toEqual({ content: 'Ada & 100% of us', mentions: [mention] });
  });

  it('drops the mentions, then the caption, to stay within the limit', () => {
    const long = 'x'.repeat(300);
    expect(postDeferResumePath('linkedin', 7, null, long, Array.from({ length: 20 }, () => mention), 600)).not.toContain('mentions=');
    expect(postDeferResumePath('twitter', 7, null, long, [], 100)).toBe('/post-defer/twitter/7');
    expect(postDeferResumePath('twitter', 7, '2026-03-08T14:00:00.000Z', long, [], 100)).toBe('/post-defer/twitter/7?date=2026-03-08T14%3A00%3A00.000Z');
  });
});
