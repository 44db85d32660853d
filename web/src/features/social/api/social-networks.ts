import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getSocialNetworks,
  isLinkedNetwork,
  linkNetwork,
  unlinkNetwork,
  chooseSocialPage,
  type LinkableNetwork,
  type SocialNetworksResponse,
  type UsePageRequest,
} from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/social/networks`: link status of each network the company enables. */
export function fetchSocialNetworks(): Promise<SocialNetworksResponse> {
  return getSocialNetworks(api());
}

/** Query options of the link status. */
export function socialNetworksQueryOptions() {
  return queryOptions({ queryKey: queryKeys.social.networks(), queryFn: fetchSocialNetworks });
}

/** The link status query. */
export function useSocialNetworks() {
  return useQuery(socialNetworksQueryOptions());
}

/** Whether the user has linked at least one network (onboarding's Get Started needs one). */
export function useHasLinkedNetwork(): boolean {
  const { data } = useSocialNetworks();
  return data !== undefined && Object.values(data).some((link) => isLinkedNetwork(link));
}

/**
 * `POST /api/v1/social/link-{network}`, then the browser goes to the network's consent page;
 * it comes back to the settings page (or onboarding) when the network answers.
 */
export function useLinkNetwork(options: { onboarding: boolean }) {
  return useMutation({
    mutationFn: (network: LinkableNetwork) => linkNetwork(api(), network, { is_element: window.top !== window.self, onboarding: options.onboarding }),
    onSuccess: ({ url }) => {
      // The server builds this url from its own origin; only same-site urls are followed.
      if (new URL(url, window.location.href).origin === window.location.origin) window.location.assign(url);
    },
  });
}

/** `POST /api/v1/social/unlink-{network}`. */
export function useUnlinkNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (network: LinkableNetwork) => unlinkNetwork(api(), network),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.social.networks() }),
  });
}

/** `POST /api/v1/social/use-page`: the Facebook page or LinkedIn company page to post as. */
export function useChoosePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UsePageRequest) => chooseSocialPage(api(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.social.networks() }),
  });
}
