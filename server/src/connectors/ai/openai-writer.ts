/**
 * The caption writer on an OpenAI-compatible chat completions API (OpenAI, Azure OpenAI's v1
 * endpoint, a local server speaking the same), through the official `openai` package, whose
 * HTTP calls go through the SSRF guard.
 */
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { guardedFetch } from '../../lib/safe-fetch.ts';
import { CaptionWriterError, type CaptionBrief, type CaptionWriter } from './caption-writer.ts';

/** How long one completion may take. */
const COMPLETION_TIMEOUT_MS = 30_000;

/** The messages of one request: instructions, the post, and on a retry why the last caption was refused. */
export function captionMessages(brief: CaptionBrief): ChatCompletionMessageParam[] {
  const person = [brief.jobTitle ? `The person sharing is a ${brief.jobTitle}.` : '', brief.goal ? `Their goal on social media: ${brief.goal}.` : ''].filter(Boolean).join(' ');
  const system = [
    `You write one social media caption that an employee adds when sharing their company's post on ${brief.networkName}.`,
    `Tone: ${brief.tone}.`,
    person,
    `Write in the language of the post, in the first person, at most ${brief.maxLength} characters.`,
    'Do not add hashtags or links: the share adds them. Do not invent facts that are not in the post.',
    'Answer with the caption text only, without quotes.',
  ]
    .filter(Boolean)
    .join('\n');
  const post = [
    `Title: ${brief.title}`,
    `Text: ${brief.content}`,
    brief.hashtags.length > 0 ? `Hashtags: ${brief.hashtags.map((h) => `#${h}`).join(' ')}` : '',
    brief.caption.trim() !== '' ? `The caption so far (improve on it): ${brief.caption}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: system },
    { role: 'user', content: post },
  ];
  if (brief.retry) {
    messages.push({ role: 'assistant', content: brief.retry.previous });
    messages.push({
      role: 'user',
      content:
        brief.retry.reason === 'length'
          ? `That caption is too long for ${brief.networkName}. Write a shorter one, at most ${brief.maxLength} characters.`
          : `That caption uses terms the company does not allow: ${brief.retry.terms.join(', ')}. Write a new one without them.`,
    });
  }
  return messages;
}

/** Removes quotes a model sometimes wraps its answer in. */
function unquoted(text: string): string {
  const trimmed = text.trim();
  const match = /^(["'“”«»])([\s\S]*)(["'“”«»])$/u.exec(trimmed);
  return match?.[2]?.trim() ?? trimmed;
}

/** A writer on the chat completions API at `baseUrl`. */
export function openAiCaptionWriter(options: { baseUrl: string; apiKey: string; model: string; allowAddresses: readonly string[] }): CaptionWriter {
  const fetchGuarded = guardedFetch({ allowAddresses: options.allowAddresses, timeoutMs: COMPLETION_TIMEOUT_MS, userAgent: 'ChorusCaptions/1.0' });
  // The client (and its 200-odd modules) is loaded on the first caption asked for, not at start.
  let client: Promise<OpenAI> | null = null;
  const connect = async (): Promise<OpenAI> => {
    const { default: OpenAIClient } = await import('openai');
    return new OpenAIClient({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      // The command asks once more itself, with the reason; the client's own retries would hide that.
      maxRetries: 0,
      timeout: COMPLETION_TIMEOUT_MS,
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : input;
        const headers = init?.headers instanceof Headers ? init.headers : new Headers(init?.headers);
        return fetchGuarded(url, { method: init?.method ?? 'GET', headers, body: init?.body, signal: init?.signal ?? null });
      },
    });
  };
  return {
    kind: 'openai',
    async write(brief) {
      let content: string | null | undefined;
      try {
        client ??= connect();
        const completion = await (await client).chat.completions.create({ model: options.model, messages: captionMessages(brief), temperature: 0.7, n: 1 });
        content = completion.choices[0]?.message.content;
      } catch (error) {
        throw new CaptionWriterError('The AI provider did not answer.', { cause: error });
      }
      const caption = unquoted(content ?? '');
      if (caption === '') throw new CaptionWriterError('The AI provider answered no caption.');
      return caption;
    },
  };
}
