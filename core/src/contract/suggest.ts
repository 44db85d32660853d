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

/** Image urls found on the linked page (Open Graph, twitter:image, then img tags). */
export const SuggestImagesResponse = z.object({ images: z.array(z.string()) });
export type SuggestImagesResponse = z.infer<typeof SuggestImagesResponse>;

/** Text fields of the multipart `POST /api/v1/post/suggestion/mobile` (files come as `media`). */
export const SuggestionFields = z.object({
  content: z.string().max(SUGGESTION_MAX_LENGTH).default(''),
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

/** Whether a suggestion may be sent: some text or at least one image, and nothing loading. */
export function canSubmitSuggestion(content: string, imageCount: number, loading: boolean): boolean {
  return !loading && (content.trim() !== '' || imageCount > 0);
}
