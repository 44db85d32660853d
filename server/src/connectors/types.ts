/**
 * The one interface every sharing network implements (ARCHITECTURE.md "Connectors"): X,
 * LinkedIn and Facebook in their own folders, and the embedded sandbox network. A connector
 * speaks one network's wire format and maps its answers to our outcomes; it never touches the
 * database (the share command records states and events, the token helper stores refreshed
 * tokens). Every HTTP call goes through the SSRF guard's fetch passed in by the registry.
 */
import type { LinkableNetwork } from '@chorus/core';

/** The account a share is published as (decrypted tokens; never logged). */
export interface ConnectorAccount {
  /** The person's id at the network. */
  externalId: string;
  accessToken: string;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  /**
   * A Facebook page or LinkedIn organization to post as; null posts as the person. Facebook's
   * page token may be null: the connector then asks Graph for it with the person's token.
   */
  page: { id: string; accessToken: string | null; name?: string } | null;
  /**
   * Who holds the link in Chorus (the registry's withFreshAccount fills it): the sandbox
   * network needs it to put the post on the right company's wall; real networks ignore it.
   */
  holder?: { userId: number; companyId: number; name: string };
}

/** A media file to upload, read from our media store. */
export interface ConnectorMedia {
  /** Reads the whole file (images, small videos) */
  read(): Promise<Buffer>;
  /** Size in bytes, for chunked uploads. */
  size: number;
  mimeType: string;
  /** A signed URL the network may fetch the file from (Facebook `url` uploads), when public. */
  publicUrl: string | null;
  /** Our own `/media/...` path, which the sandbox wall shows to signed-in members. */
  path?: string;
}

/** The HTTP client connectors call networks with: the SSRF guard's fetch (lib/safe-fetch.ts guardedFetch). */
export type ConnectorFetch = (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string | Buffer | URLSearchParams; signal?: AbortSignal }) => Promise<Response>;

/** A LinkedIn mention in the published text: the name at `start` (UTF-16, `length` units) links to `urn`. */
export interface PublishedMention {
  start: number;
  length: number;
  urn: string;
}

/** What to publish. The caption is final: tracked link, hashtags and mention names already in it. */
export interface PublishRequest {
  /** Caption text as the network will show it, plain (mention names as words; no markup). */
  text: string;
  /** LinkedIn's mentions as spans of `text` (the connector writes its markup); none elsewhere. */
  mentions?: readonly PublishedMention[];
  /** The link the post is about (LinkedIn article, Facebook link), already the tracked link. */
  link: string | null;
  /** Link preview chosen in the modal (title, description, image), for networks that take one. */
  linkPreview: { title: string | null; description: string | null; imageUrl: string | null } | null;
  images: ConnectorMedia[];
  video: ConnectorMedia | null;
  /** Our share id: an idempotency hint where the network takes one, and the log's reference. */
  shareId: number;
}

/**
 * How a publish ended. Only `published`, `processing` and `duplicate` mean the network may hold
 * the post. `retryable` and `rate_limited` prove the network did not take it; `unconfirmed`
 * means it may have (timeout, reset after sending, 5xx after the body was sent): never re-send.
 */
export type PublishOutcome =
  | { kind: 'published'; networkPostId: string; url: string | null }
  /** Native video accepted and still processing on the network; `poll` continues it. */
  | { kind: 'processing'; networkPostId: string | null; poll: PollHandle }
  /** The network says this exact post exists already (X 403 duplicate, LinkedIn 422 DUPLICATE_POST): 661. */
  | { kind: 'duplicate'; detail: string }
  /** The token is expired or revoked: mark the link inactive and ask the person to relink. */
  | { kind: 'relink'; detail: string }
  /** 429: try again after this many ms (Retry-After or the network's reset header). */
  | { kind: 'rate_limited'; retryAfterMs: number; detail: string }
  /** Refused for good (4xx other than the above): our `code` of the catalogue where one fits (664 video, 653, 202). */
  | { kind: 'rejected'; code: number; detail: string }
  /** Proved not taken (connection refused, 5xx before the body was sent): safe to try again later. */
  | { kind: 'retryable'; detail: string }
  /** May have reached the network: shown honestly, never re-sent automatically. */
  | { kind: 'unconfirmed'; detail: string };

/** Continues a processing upload (X media status, LinkedIn/Facebook video status). */
export interface PollHandle {
  /** Network-specific state to resume with (stored on the share row as JSON). */
  state: Record<string, unknown>;
  /** Suggested wait before the next poll, in ms. */
  afterMs: number;
}

/** A published post's numbers, for engagement polling. */
export interface PostMetrics {
  likes: number;
  comments: number;
  reshares: number;
  /** Impressions or clicks where the network reports them; null otherwise. */
  impressions: number | null;
}

/** Fresh tokens after a refresh; X refresh tokens are single use, so store them before use. */
export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** One sharing network. */
export interface Connector {
  readonly network: LinkableNetwork;
  /** Whether this is the embedded sandbox network. */
  readonly sandbox: boolean;
  /** Publishes as the account (or its page). Never throws for a network answer: maps it. */
  publish(account: ConnectorAccount, request: PublishRequest): Promise<PublishOutcome>;
  /** Continues a `processing` outcome. */
  poll(account: ConnectorAccount, handle: PollHandle): Promise<PublishOutcome>;
  /** Followers (X, Facebook page fans) or connections (LinkedIn) at share time; null if unknown. */
  audience(account: ConnectorAccount): Promise<number | null>;
  /** Numbers of a published post; null if the network does not say. */
  metrics(account: ConnectorAccount, networkPostId: string): Promise<PostMetrics | null>;
  /**
   * Looks for a post of this account published since `since` that is the share of this text:
   * it carries the text's tracked link, or starts with the text when it has none
   * (isRecoveredPost). Pages through the whole window, at most RECOVERY_MAX_PAGES pages (crash
   * recovery of a share left in `publishing`); null when not found or not supported.
   */
  findRecent(account: ConnectorAccount, text: string, since: Date, link?: string | null, mentions?: readonly PublishedMention[]): Promise<{ networkPostId: string; url: string | null } | null>;
  /** Exchanges the refresh token; null when the network gives none (LinkedIn: relink). */
  refresh(account: ConnectorAccount): Promise<RefreshedTokens | null>;
}

/**
 * Thrown by `refresh` when the network refuses the refresh token for good (revoked, already
 * used, expired): the link must be relinked. Any other error of `refresh` is transient.
 */
export class RefreshRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefreshRefusedError';
  }
}
