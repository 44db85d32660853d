/**
 * Test helpers of the connector tests: media from bytes, a publish request, and an account.
 * (Only the connector tests import this.)
 */
import type { ConnectorAccount, ConnectorMedia, PublishRequest } from '../connectors/types.ts';

/** A media file of these bytes. */
export function mediaOf(data: Buffer, mimeType: string, publicUrl: string | null = null): ConnectorMedia {
  return { read: async () => data, size: data.length, mimeType, publicUrl, path: `/media/c/1/${mimeType.replace('/', '-')}` };
}

/** A text-only request with the given caption. */
export function requestOf(text: string, extra: Partial<PublishRequest> = {}): PublishRequest {
  return { text, link: null, linkPreview: null, images: [], video: null, shareId: 1, ...extra };
}

/** An account with these tokens. */
export function accountOf(externalId: string, accessToken: string, extra: Partial<ConnectorAccount> = {}): ConnectorAccount {
  return { externalId, accessToken, refreshToken: null, tokenExpiresAt: null, page: null, ...extra };
}
