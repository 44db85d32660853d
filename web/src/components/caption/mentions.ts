/**
 * Mentions in a LinkedIn caption (content-library spec 3 "Mention", 5 "Mentions"): inserting a
 * chosen organization's name at the cursor, and keeping each mention's `index` on its text as
 * the person goes on editing (a mention whose text was edited away is dropped).
 */
import type { Mention } from '@chorus/core';

/** A caption with its mentions. */
export interface CaptionWithMentions {
  content: string;
  mentions: Mention[];
}

/**
 * Puts the mention's text in place of `[from, to)` (the '@query' typed, or the selection) and
 * records it there; a space follows so typing goes on after it.
 */
export function insertMention(caption: CaptionWithMentions, mention: Mention, from: number, to: number = from): CaptionWithMentions {
  const start = Math.max(0, Math.min(from, caption.content.length));
  const end = Math.max(start, Math.min(to, caption.content.length));
  const text = mention.mention_text;
  const after = caption.content.slice(end);
  const inserted = after.startsWith(' ') ? text : `${text} `;
  const content = caption.content.slice(0, start) + inserted + after;
  const shift = inserted.length - (end - start);
  const kept = caption.mentions.filter((m) => m.index + m.mention_text.length <= start || m.index >= end).map((m) => (m.index >= end ? { ...m, index: m.index + shift } : m));
  return { content, mentions: [...kept, { ...mention, index: start }].sort((a, b) => a.index - b.index) };
}

/**
 * The mentions still in an edited caption: each stays on its text, moved to the nearest place
 * it now appears (text typed before it shifts it), or is dropped when its text is gone.
 */
export function reconcileMentions(content: string, mentions: readonly Mention[]): Mention[] {
  const taken: [number, number][] = [];
  const kept: Mention[] = [];
  for (const mention of [...mentions].sort((a, b) => a.index - b.index)) {
    const text = mention.mention_text;
    if (text === '') continue;
    let best = -1;
    for (let at = content.indexOf(text); at >= 0; at = content.indexOf(text, at + 1)) {
      const free = taken.every(([s, e]) => at + text.length <= s || at >= e);
      if (free && (best < 0 || Math.abs(at - mention.index) < Math.abs(best - mention.index))) best = at;
    }
    if (best < 0) continue;
    taken.push([best, best + text.length]);
    kept.push(best === mention.index ? mention : { ...mention, index: best });
  }
  return kept.sort((a, b) => a.index - b.index);
}
