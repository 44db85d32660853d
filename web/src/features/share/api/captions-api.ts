/** The caption editor's calls: mention search and AI caption (the compliance check is in components/caption). */
import { queryOptions } from '@tanstack/react-query';
import { requestAiCaption, searchMentions, type AiCaptionRequest } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Query options of `GET /api/v2/social/{networkId}/search?q=`; a failure is not retried (310 stays 310). */
export function mentionSearchQueryOptions(networkId: number, query: string) {
  return queryOptions({ queryKey: queryKeys.captions.mentions(networkId, query), queryFn: () => searchMentions(api(), networkId, query), staleTime: 60_000, retry: false });
}

/** `POST /api/v4/ai/user/post/caption`. */
export function writeAiCaption(input: AiCaptionRequest) {
  return requestAiCaption(api(), input);
}
