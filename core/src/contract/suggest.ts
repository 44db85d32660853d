import { z } from 'zod';

/** Status of a suggested post until an admin approves it (live is 1). */
export const SUGGESTION_PENDING_STATUS = 0;

/** Longest suggestion text. */
export const SUGGESTION_MAX_LENGTH = 5000;
/** Most images one suggestion carries (files and urls together). */
export const SUGGESTION_MAX_IMAGES = 4;
/** Largest uploaded image, in bytes. */
export const SUGGESTION_MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** POST `/api/v1/post/suggest-images`. */
export const SuggestImagesRequest = z.object({
  url: z
    .string()
    .trim()
    .max(2048)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), { message: 'url must be an http or https address' }),
});
export type SuggestImagesRequest = z.infer<typeof SuggestImagesRequest>;

/**
 * Image urls found on the linked page (Open Graph, twitter:image, then img tags), and the same
 * images in the same order as the browser shows them: through our media route, so a page
 * served over http (which the CSP does not let the browser load) still shows its images. A
 * suggestion sends the chosen entries of `images` as its media_url.
 */
export const SuggestImagesResponse = z.object({ images: z.array(z.string()), previews: z.array(z.string()) });
export type SuggestImagesResponse = z.infer<typeof SuggestImagesResponse>;

/** Whether suggestion text counts as empty: nothing but white space. */
export function isEmptySuggestion(content: string): boolean {
  return content.trim() === '';
}

/**
 * Text fields of the multipart `POST /api/v1/post/suggestion/mobile` (files come as `media`).
 * The text is required even when images come along (spec 5: disabled while the text is empty).
 */
export const SuggestionFields = z.object({
  content: z
    .string()
    .max(SUGGESTION_MAX_LENGTH)
    .default('')
    .refine((value) => !isEmptySuggestion(value), { message: 'Write something to suggest.' }),
  media_url: z.array(z.string().trim().refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value))).max(SUGGESTION_MAX_IMAGES).default([]),
});

/** The stored suggestion, pending review. */
export const SuggestionResponse = z.object({ id: z.number().int(), status: z.number().int() });
export type SuggestionResponse = z.infer<typeof SuggestionResponse>;

/** First http(s) link in a text, if any (a pasted link fetches its images). */
export function firstLink(text: string): string | null {
  const match = /https?:\/\/[^\s<>"']+/i.exec(text);
  return match ? match[0].replace(/[.,;:!?)\]]+$/, '') : null;
}

/** Whether a suggestion may be sent (spec 5): its text is not empty and nothing is loading; images alone are not enough. */
export function canSubmitSuggestion(content: string, loading: boolean): boolean {
  return !loading && !isEmptySuggestion(content);
}

/** Title of a suggestion: its first line, shortened. */
export function suggestionTitle(content: string, fallback: string): string {
  const line = content.trim().split('\n')[0]?.trim() ?? '';
  if (line === '') return fallback;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
