import { useMutation } from '@tanstack/react-query';
import { submitSuggestion, suggestImages, type SuggestionInput } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `POST /api/v1/post/suggest-images`: images found on a pasted link. */
export function useSuggestImages() {
  return useMutation({ mutationFn: (url: string) => suggestImages(api(), url).then((result) => result.images) });
}

/** `POST /api/v1/post/suggestion/mobile` (multipart). */
export function useSubmitSuggestion() {
  return useMutation({ mutationFn: (input: SuggestionInput) => submitSuggestion(api(), input) });
}
