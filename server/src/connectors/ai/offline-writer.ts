/**
 * The embedded caption writer (no AI provider configured): composes a caption in the chosen
 * tone from the post's title, its first sentences and its hashtags, with the person's job
 * title where the tone suits it. Deterministic (the same brief gives the same caption), so the
 * tests and the demo can rely on it, and it picks the longest version that fits the network.
 * It writes in English, as its phrases are English.
 */
import { AI_TONES, compileTerms, type AiTone } from '@chorus/core';
import type { CaptionBrief, CaptionWriter } from './caption-writer.ts';

interface TonePhrases {
  openers: readonly string[];
  closers: readonly string[];
  /** How the hashtags' topics are introduced; `{topics}` is replaced. */
  topics: string;
  /** How the job title is worked in, or null where the tone does without; `{job}` is replaced. */
  job: string | null;
}

/** The phrases of each tone. */
export const TONE_PHRASES: Readonly<Record<AiTone, TonePhrases>> = {
  Friendly: {
    openers: ['Happy to share this one!', 'Thought you might enjoy this.', 'Sharing something I really like.'],
    closers: ['Hope you find it useful!', 'Would love to hear what you think.', 'Have a look when you get a moment.'],
    topics: 'A nice one for anyone who cares about {topics}.',
    job: null,
  },
  Bold: {
    openers: ["This is big.", "Don't miss this.", "Here's what's next."],
    closers: ['This changes the game.', 'Watch this space.', 'The bar just moved.'],
    topics: 'Big moves in {topics}.',
    job: null,
  },
  Relaxed: {
    openers: ['No rush, but this is worth a look.', 'An easy read for your day.', 'Something nice to browse.'],
    closers: ['Enjoy.', 'Take it in at your own pace.', 'Worth a coffee break.'],
    topics: 'A calm take on {topics}.',
    job: null,
  },
  Witty: {
    openers: ['Plot twist:', 'Breaking news, the good kind:', "Filed under things I'm glad exist:"],
    closers: ["You're welcome.", 'Consider yourself informed.', 'Ten out of ten, would share again.'],
    topics: 'Yes, {topics} can be this interesting.',
    job: null,
  },
  Empathetic: {
    openers: ['This one matters to a lot of people.', 'I know many of us have been waiting for this.', 'Sharing this with care.'],
    closers: ["We're in this together.", 'Reach out if it helps to talk it through.', 'Every step counts.'],
    topics: 'It means a lot for {topics}.',
    job: null,
  },
  Professional: {
    openers: ['Worth reading for anyone in our field.', 'An update from our team.', 'Key news this week.'],
    closers: ['Recommended reading.', 'Happy to discuss further.', 'Details in the post.'],
    topics: 'Relevant to {topics}.',
    job: 'As a {job}, I found this worth sharing.',
  },
  Persuasive: {
    openers: ['Here is why this deserves your attention.', 'If you read one thing today, make it this.', 'Take a minute for this.'],
    closers: ['Take a look and see for yourself.', "It's worth your time.", 'Give it a read and share your view.'],
    topics: 'Anyone following {topics} should see it.',
    job: 'Speaking as a {job}: this is worth your time.',
  },
  Enthusiastic: {
    openers: ['So excited to share this!', 'Big news and I love it!', 'This made my day!'],
    closers: ["Can't wait to see what comes next!", 'Go check it out!', 'Such great work from the team!'],
    topics: 'Great things happening in {topics}!',
    job: null,
  },
  Informal: {
    openers: ['Okay, this is cool.', 'Heads up, folks.', 'Check this out.'],
    closers: ['Thoughts?', 'Pretty neat, right?', 'Just saying.'],
    topics: 'Good stuff on {topics}.',
    job: null,
  },
};

/** A stable number from text (FNV-1a), to vary phrases between posts without randomness. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pick<T>(items: readonly T[], seed: number): T | undefined {
  return items[seed % items.length];
}

/** 'SolarTile' and 'solar_tile' read as 'solar tile'. */
function topicWords(hashtag: string): string {
  return hashtag
    .replace(/^#/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** 'a, b and c'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** The first sentences of a text, up to about `limit` characters, without links. */
function leadSentences(text: string, limit: number): string {
  const clean = text.replace(/https?:\/\/\S+/g, '').replace(/\s+/g, ' ').trim();
  const sentences = clean.match(/[^.!?]+[.!?]+|[^.!?]+$/g) ?? [];
  let lead = '';
  for (const sentence of sentences) {
    const next = `${lead} ${sentence.trim()}`.trim();
    if (lead !== '' && next.length > limit) break;
    lead = next;
  }
  return lead;
}

/** A sentence, ending with a full stop when it has no ending of its own. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The offline writer. */
export function offlineCaptionWriter(): CaptionWriter {
  return {
    kind: 'offline',
    async write(brief: CaptionBrief) {
      const tone: AiTone = (AI_TONES as readonly string[]).includes(brief.tone) ? brief.tone : 'Professional';
      const phrases = TONE_PHRASES[tone];
      const seed = stableHash(`${brief.title}\n${brief.content}\n${tone}`);
      const opener = pick(phrases.openers, seed) ?? '';
      const closer = pick(phrases.closers, seed >>> 8) ?? '';
      const title = sentence(brief.title);
      const lead = leadSentences(brief.content, 220);
      // The post's text, unless it only repeats the title.
      const summary = lead !== '' && !lead.toLowerCase().startsWith(brief.title.trim().toLowerCase()) ? `${title} ${sentence(lead)}` : sentence(lead || brief.title);
      const topics = brief.hashtags.map(topicWords).filter((t) => t !== '').slice(0, 3);
      const topicLine = topics.length > 0 ? phrases.topics.replace('{topics}', listOf(topics)) : '';
      const jobLine = phrases.job !== null && brief.jobTitle.trim() !== '' ? phrases.job.replace('{job}', brief.jobTitle.trim()) : '';
      // Longest first: the first that fits (and avoids refused terms) is offered.
      const candidates = [
        [opener, summary, jobLine, topicLine, closer],
        [opener, summary, jobLine, closer],
        [opener, summary, closer],
        [opener, title, closer],
        [opener, title],
        [title],
        [opener, closer],
      ].map((parts) => parts.filter((p) => p !== '').join(' '));
      const avoid = brief.retry?.reason === 'compliance' && brief.retry.terms.length > 0 ? compileTerms({ prohibited: brief.retry.terms, limited: [] }) : null;
      const allowed = candidates.filter((c) => c !== '' && c !== brief.retry?.previous && (avoid === null || avoid.find(c).length === 0));
      const fitting = allowed.find((c) => brief.measure(c) <= brief.maxLength);
      // Nothing fits: the shortest, which the caption command then refuses as it would any answer.
      return fitting ?? allowed[allowed.length - 1] ?? candidates[candidates.length - 1] ?? title;
    },
  };
}
