import { useMutation } from '@tanstack/react-query';
import { submitSuggestion, suggestImages, type SuggestionInput } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** An image found on a pasted link: its url (what a suggestion sends) and where the browser shows it from (our origin). */
export interface LinkImage {
  url: string;
  preview: string;
}

/** `POST /api/v1/post/suggest-images`: images found on a pasted link. */
export function useSuggestImages() {
  return useMutation({
    mutationFn: (url: string) =>
      suggestImages(api(), url).then((result): LinkImage[] => result.images.map((image, index) => ({ url: image, preview: result.previews[index] ?? image }))),
  });
}

/** `POST /api/v1/post/suggestion/mobile` (multipart). */
export function useSubmitSuggestion() {
  return useMutation({ mutationFn: (input: SuggestionInput) => submitSuggestion(api(), input) });
}
