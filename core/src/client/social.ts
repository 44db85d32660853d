/** Client calls of linked social networks (see contract/social.ts). */
import {
  FacebookStatusResponse,
  LinkNetworkResponse,
  SocialNetworksResponse,
  UnlinkNetworkResponse,
  UsePageResponse,
  type LinkableNetwork,
  type LinkNetworkRequest,
  type UsePageRequest,
} from '../contract/social.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v1/social/networks`: link status of each network the company enables. */
export function getSocialNetworks(client: ApiClient): Promise<SocialNetworksResponse> {
  return client.call('GET /api/v1/social/networks', SocialNetworksResponse);
}

/** `GET /api/v1/social/networks/facebook`: the Facebook account and chosen page. */
export function getFacebookStatus(client: ApiClient): Promise<FacebookStatusResponse> {
  return client.call('GET /api/v1/social/networks/facebook', FacebookStatusResponse);
}

/** `POST /api/v1/social/link-{network}`: the url of the network's consent page. */
export function linkNetwork(client: ApiClient, network: LinkableNetwork, input: LinkNetworkRequest): Promise<LinkNetworkResponse> {
  return client.call('POST /api/v1/social/link-:network', LinkNetworkResponse, { params: { network }, body: input });
}

/** `POST /api/v1/social/unlink-{network}`: removes the link. */
export function unlinkNetwork(client: ApiClient, network: LinkableNetwork): Promise<UnlinkNetworkResponse> {
  return client.call('POST /api/v1/social/unlink-:network', UnlinkNetworkResponse, { params: { network }, body: {} });
}

/** `POST /api/v1/social/use-page`: posts as a page (or, with null, the personal account). */
export function chooseSocialPage(client: ApiClient, input: UsePageRequest): Promise<UsePageResponse> {
  return client.call('POST /api/v1/social/use-page', UsePageResponse, { body: input });
}
