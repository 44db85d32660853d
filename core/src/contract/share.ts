/**
 * Sharing now (content-library spec 2 "Share modal", 3 "Network edit entry", "Share intent",
 * "Mention", 4 "Share", 7 the `/share/...`, `/post/{id}/snippet`, `/post/{id}/metadata` and
 * `/post/edit-content` calls, 8 the sharing codes). Paths:
 *
 * - v3 `POST /api/v3/share/{network}/{postId}` (network: twitter | facebook | linkedin)
 * - v3 `POST /api/v3/share/copy-link`, `POST /api/v3/share/intent`, `POST /api/v3/share/intent/{id}`
 * - v3 `GET /api/v3/post/{postId}/snippet`, v5 `GET /api/v5/post/{postId}/metadata`
 * - v1 `POST /api/v1/post/edit-content`
 * - `GET /r/{code}`: a tracked link (copy link, e-mail and published captions) that counts the
 *   click and redirects to the post's url.
 *
 * 203 (authorize the network first) and 669 (native video processing) are not errors: HTTP 200
 * with `error` set. Every other failure is a non-2xx ApiErrorBody.
 */
import { z } from 'zod';
import { SHAREABLE_NETWORKS, type ShareableNetworkId } from '../domain/enums.ts';
import { LinkableNetwork } from './social.ts';

/** The share-flow type of where the share started (spec 3 "Share-flow type", 0 to 9). */
export const ChannelId = z.coerce.number().int().min(0).max(9);

function isShareableNetworkId(id: number): id is ShareableNetworkId {
  return (SHAREABLE_NETWORKS as readonly number[]).includes(id);
}

/** A shareable network id sent by a client (a path or query string too): 1 Twitter, 2 Facebook, 3 LinkedIn. */
export const ShareableNetworkIdSchema = z.coerce.number().int().refine(isShareableNetworkId, { message: 'network must be 1, 2 or 3' });

/** A shareable network id in a response: checked, never converted (see response-schemas.test.ts). */
export const ShareableNetworkIdValue = z.number().int().refine(isShareableNetworkId, { message: 'network must be 1, 2 or 3' });

/** Longest caption accepted from a client before the network's own limit is checked (659, 660). */
export const CAPTION_MAX_INPUT = 10_000;

/**
 * Whether a text can be stored and sent as it is: no NUL or other control character (tab,
 * newline and return are text), and no lone UTF-16 surrogate (half of an emoji's pair).
 */
export function isSendableText(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if ((unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) || unit === 0x7f) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * A caption as a client sends it: at most CAPTION_MAX_INPUT, and refused (201) with a NUL or
 * another control character, or a lone surrogate, before it reaches the database or a network.
 */
export const CaptionText = z
  .string()
  .max(CAPTION_MAX_INPUT)
  .refine(isSendableText, 'The caption contains a character that cannot be shared (a control character or a broken emoji). Remove it and try again.');

/** A mention (spec 3 "Mention"); only LinkedIn takes them. */
export const Mention = z.object({
  account_id: z.string().max(200),
  /** 'organization' or 'person' (LinkedIn's URN kinds). */
  account_type: z.string().max(40),
  /** Where the mention starts in the caption, in UTF-16 code units. */
  index: z.number().int().nonnegative(),
  name: z.string().max(200).refine(isSendableText, 'The mention contains a character that cannot be shared.'),
  /** The text shown in the caption for the mention (usually the name). */
  mention_text: z.string().max(200).refine(isSendableText, 'The mention contains a character that cannot be shared.'),
  screen_name: z.string().max(200).nullable(),
});
export type Mention = z.infer<typeof Mention>;

/** A mention as a client sends it: `screen_name` may be left out (null). Responses always carry it (Mention). */
export const MentionInput = Mention.extend({ screen_name: Mention.shape.screen_name.default(null) });

/** The link preview chosen in the modal (spec: snippet preview with multi-image selection). */
export const SnippetChoice = z.object({
  title: z.string().max(500).refine(isSendableText, 'The preview title contains a character that cannot be shared.').nullable().default(null),
  description: z.string().max(2000).refine(isSendableText, 'The preview description contains a character that cannot be shared.').nullable().default(null),
  domain: z.string().max(255).nullable().default(null),
  /** The chosen image: one of the snippet's `images` or the post's media, as a path or URL. */
  image: z.string().max(2048).nullable().default(null),
});
export type SnippetChoice = z.infer<typeof SnippetChoice>;

/** Path of `POST /api/v3/share/{network}/{postId}`. */
export const ShareParams = z.object({ network: LinkableNetwork, postId: z.coerce.number().int().positive() });
export type ShareParams = z.infer<typeof ShareParams>;

/** Body of `POST /api/v3/share/{network}/{postId}`. */
export const ShareRequest = z.object({
  channel_id: ChannelId.default(9),
  content: CaptionText.default(''),
  ai_generated: z.boolean().default(false),
  /** 1 minus the normalised edit distance between the offered AI caption and the shared one. */
  ai_efficacy: z.number().min(0).max(1).default(1),
  snippet: SnippetChoice.nullable().default(null),
  mentions: z.array(MentionInput).max(50).default([]),
});
export type ShareRequest = z.input<typeof ShareRequest>;
export type ShareRequestParsed = z.output<typeof ShareRequest>;

/** The states of a share row (ARCHITECTURE.md "Jobs and delivery guarantees"). */
/** `cancelled`: at its time the share no longer passed share now's checks, so it was never sent. */
export const SHARE_STATES = ['queued', 'publishing', 'published', 'failed', 'unconfirmed', 'cancelled'] as const;
export const ShareState = z.enum(SHARE_STATES);
export type ShareState = z.infer<typeof ShareState>;

/** A share as the client sees it after sharing (our addition to the spec's `error, url`). */
export const ShareSummary = z.object({
  id: z.number().int(),
  network_id: ShareableNetworkIdValue,
  state: ShareState,
  /** The post on the network once published. */
  social_link: z.string().nullable(),
  /** Why it failed or is unconfirmed, in the person's language. */
  reason: z.string().nullable(),
  /** Whether `POST /share/{id}/retry` takes it: a failed API share whose failure may pass on a second try. */
  retryable: z.boolean(),
});
export type ShareSummary = z.infer<typeof ShareSummary>;

/**
 * Answer of `POST /api/v3/share/{network}/{postId}` (HTTP 200):
 * - `error` null, `share` with state `published`: done (the post's count went up);
 * - `error` null, `share` with state `unconfirmed` and a `reason`: the network may or may not
 *   have taken it (never re-sent; My Shares asks the person later); the count waits;
 * - `error` null, `share` null, `intent` set (our addition): no API post is possible (a Facebook
 *   personal profile; X without an app or past its posting budget), so the server opened a
 *   share intent: the client opens `intent.url` (after 500 ms for Facebook) and calls
 *   `POST /share/intent/{intent.postshare_intent_id}` when the person completed it; `url` is
 *   the same dialog url;
 * - `error` 203 with `url`: link (or relink) the network there first; the link flow returns to
 *   the web app's `/post-share/{network}/{postId}` with the caption and mentions kept;
 * - `error` 669 with `share` (state `publishing`): a native video is processing on the network;
 *   a job finishes it (published or failed, with an event).
 */
export const ShareResponse = z.object({
  error: z.union([z.null(), z.literal(203), z.literal(669)]),
  url: z.string().nullable(),
  share: ShareSummary.nullable(),
  intent: z.object({ postshare_intent_id: z.number().int(), url: z.string() }).nullable(),
  /** The post's share counts after this share. */
  shares: z.object({ num_results: z.number().int() }),
});
export type ShareResponse = z.infer<typeof ShareResponse>;

/**
 * Kinds of the event log (ARCHITECTURE.md "Event log") that sharing writes; later features add
 * kinds here, not tables.
 */
export const EVENT_KINDS = [
  'share_published',
  'share_failed',
  'share_unconfirmed',
  /** A queued or scheduled share that failed share now's checks at its time (data.code): never sent. */
  'share_cancelled',
  'share_intent_opened',
  'share_intent_completed',
  'copy_link_created',
  'link_clicked',
  'relink_needed',
  'video_share_processing',
  'video_share_succeeded',
  'video_share_failed',
  /** A queued share moved later: a network's limit or a retry after the network refused it (issue 15). */
  'share_delayed',
  /** A queued Facebook profile share reached its time: the person is asked to post it themselves. */
  'share_reminder',
  /** Queued or scheduled, rescheduled, removed from the queue (issue 15). */
  'share_queued',
  'share_queue_changed',
  'share_queue_removed',
  /** An admin pushed an edit to a member's queued share: the source of notification 24, queued post changed. */
  'queued_post_changed',
  /** The member accepted or rejected it (data.status 1 or 2). */
  'pushed_edit_decided',
  /** A person turned a network's auto-queue on in their settings. */
  'auto_queue_enabled',
  /** An admin's auto-queue call: a person's share added, one that could not be (data.code), and the call itself. */
  'auto_queue_added',
  'auto_queue_failed',
  'auto_queue_bulk',
  /**
   * A member's suggestion reviewed in the admin console (issue 47): approved into a draft,
   * rejected with a reason (notice types 12 to 16), and published (notice type 0, the member credited).
   */
  'suggestion_approved',
  'suggestion_rejected',
  'suggestion_published',
  /** Product analytics (issue 19): a page viewed, an action tracked, a sign-in through SSO; data carries role_id. */
  'page_viewed',
  'action_tracked',
  'sso_login',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Body of `POST /api/v3/share/copy-link` (and of the e-mail share's link). */
export const CopyLinkRequest = z.object({ channel_id: ChannelId.default(9), post_id: z.coerce.number().int().positive() });
export type CopyLinkRequest = z.input<typeof CopyLinkRequest>;
/** The person's tracked link to the post: `https://{company host}/r/{code}`. */
export const CopyLinkResponse = z.object({ url: z.string() });
export type CopyLinkResponse = z.infer<typeof CopyLinkResponse>;

/** Body of `POST /api/v3/share/intent`: a share the person completes on the network's own page. */
export const ShareIntentRequest = z.object({
  channel_id: ChannelId.default(1),
  post_id: z.coerce.number().int().positive(),
  network_id: ShareableNetworkIdSchema,
  content: CaptionText.default(''),
});
export type ShareIntentRequest = z.input<typeof ShareIntentRequest>;
/** The intent, and the network's share dialog URL to open (Facebook's sharer, X's web intent). */
export const ShareIntentResponse = z.object({ postshare_intent_id: z.number().int(), url: z.string() });
export type ShareIntentResponse = z.infer<typeof ShareIntentResponse>;

/** Body of `POST /api/v3/share/intent/{postshare_intent_id}`: the person completed it. */
export const ShareIntentDoneRequest = z.object({ network_id: ShareableNetworkIdSchema });
export type ShareIntentDoneRequest = z.input<typeof ShareIntentDoneRequest>;
export const ShareIntentDoneResponse = z.object({ success: z.literal(true), shares: z.object({ num_results: z.number().int() }) });
export type ShareIntentDoneResponse = z.infer<typeof ShareIntentDoneResponse>;

/** Answer of `GET /api/v3/post/{postId}/snippet`: the link preview, or the stub on failure. */
export const SnippetResponse = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  domain: z.string().nullable(),
  image: z.string().nullable(),
  /** Images to choose from (the post's media images, or the page's images for a link). */
  images: z.array(z.string()),
  /**
   * The same images in the same order as the browser shows them: our own media as it is, and
   * other sites' images through our media route (the CSP refuses http images). A share sends
   * the chosen entry of `images`.
   */
  previews: z.array(z.string()),
  /** True when the preview could not be generated ('A preview for this link could not be generated.'). */
  stub: z.boolean(),
});
export type SnippetResponse = z.infer<typeof SnippetResponse>;

/** One network of `GET /api/v5/post/{postId}/metadata` (spec 3 "Network edit entry", server side). */
export const NetworkMetadata = z.object({
  networkId: ShareableNetworkIdValue,
  /** 'TWITTER', 'FACEBOOK' or 'LINKEDIN'. */
  name: z.enum(['TWITTER', 'FACEBOOK', 'LINKEDIN']),
  /** The person's saved caption for this network, else the post's text. */
  content: z.string(),
  mentions: z.array(Mention),
  hashtags: z.string(),
  /** Whether the person has shared the post to this network. */
  shared: z.boolean(),
  /** Linked, active, enabled for the company and the post: Share Now can be offered. */
  canShare: z.boolean(),
  /** Whether a queue entry can still be made (false once queued on this network). */
  canQueue: z.boolean(),
  /** Why sharing is blocked: null, 'unlinked', 'inactive' (relink), 'disabled' (company or post). */
  blocked: z.enum(['unlinked', 'inactive', 'disabled']).nullable(),
  /** 'api' publishes from here; 'intent' opens the network's own share page (Facebook profile, X without an app). */
  method: z.enum(['api', 'intent']),
  /** The page posted as, or null for the personal account. */
  page: z.object({ id: z.string(), name: z.string() }).nullable(),
  deferredPostId: z.number().int().nullable(),
  deferredPostDate: z.string().nullable(),
  isShareProcessing: z.boolean(),
  /** The network's caption limit (280 X, 3000 LinkedIn, 63206 Facebook). */
  maxLength: z.number().int(),
});
export type NetworkMetadata = z.infer<typeof NetworkMetadata>;

/** Answer of `GET /api/v5/post/{postId}/metadata`: what the share modal needs. */
export const PostMetadataResponse = z.object({
  post_id: z.number().int(),
  editable: z.boolean(),
  url: z.string().nullable(),
  /** The person's tracked link that captions carry instead of the bare url (null for internal content). */
  tracked_url: z.string().nullable(),
  /** Library-wide sharing switch (667 when off). */
  sharing_enabled: z.boolean(),
  networks: z.array(NetworkMetadata),
});
export type PostMetadataResponse = z.infer<typeof PostMetadataResponse>;

/** Body of `POST /api/v1/post/edit-content`: the person's caption draft for one network. */
export const EditContentRequest = z.object({
  post_id: z.coerce.number().int().positive(),
  network_id: ShareableNetworkIdSchema,
  content: CaptionText,
  mentions: z.array(MentionInput).max(50).default([]),
});
export type EditContentRequest = z.input<typeof EditContentRequest>;
export const EditContentResponse = z.object({ content: z.string(), mentions: z.array(Mention) });
export type EditContentResponse = z.infer<typeof EditContentResponse>;

/** UTF-8 text as unpadded base64url (browsers and Node alike): no character a URL must escape. */
export function base64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of base64url (or standard base64); throws on anything else. */
function fromBase64Url(encoded: string): string {
  const bytes = Uint8Array.from(atob(encoded.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The web app's route that resumes a share after linking a network (content-library spec 1:
 * `/post-share/{network}/{post_id}?content&mentions`). Both values are base64url (UTF-8 text, and
 * JSON for the mentions): a caption's own `%` or `&` would otherwise not survive the redirect
 * target check (safeNextPath peels percent-encoding). A path too long for a redirect target
 * (2000) drops the mentions, then the caption: the modal then starts from the saved draft.
 */
export function postShareResumePath(network: LinkableNetwork, postId: number, content: string, mentions: readonly Mention[], maxLength = 2000): string {
  const base = `/post-share/${network}/${postId}`;
  const caption = base64Url(content);
  for (const candidate of [`${base}?content=${caption}&mentions=${base64Url(JSON.stringify(mentions))}`, `${base}?content=${caption}`]) {
    if (candidate.length <= maxLength) return candidate;
  }
  return base;
}

/** A short text that can be shared (a mention's name or text). */
function isMentionText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max && isSendableText(value);
}

/**
 * A mention read back from a resume path, checked field by field as Mention's schema does. Plain
 * checks, not the schema: the production web build replaces zod with an inert stand-in, under
 * which a schema would let anything through.
 */
function mentionOf(value: unknown): Mention | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const field = value as Record<string, unknown>;
  const screenName = field['screen_name'] ?? null;
  const { account_id: accountId, account_type: accountType, index, name, mention_text: mentionText } = field;
  if (typeof accountId !== 'string' || accountId.length > 200) return null;
  if (typeof accountType !== 'string' || accountType.length > 40) return null;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return null;
  if (!isMentionText(name, 200) || !isMentionText(mentionText, 200)) return null;
  if (screenName !== null && (typeof screenName !== 'string' || screenName.length > 200)) return null;
  return { account_id: accountId, account_type: accountType, index, name, mention_text: mentionText, screen_name: screenName };
}

/** The caption and mentions of a `/post-share` resume path's query; values that do not decode are dropped. */
export function parsePostShareResume(query: URLSearchParams): { content: string | null; mentions: Mention[] } {
  let content: string | null = null;
  let mentions: Mention[] = [];
  try {
    const encoded = query.get('content');
    content = encoded === null ? null : fromBase64Url(encoded);
  } catch {
    content = null;
  }
  try {
    const encoded = query.get('mentions');
    const parsed: unknown = encoded === null ? [] : JSON.parse(fromBase64Url(encoded));
    const checked = Array.isArray(parsed) && parsed.length <= 50 ? parsed.map(mentionOf) : [];
    mentions = checked.every((mention) => mention !== null) ? checked : [];
  } catch {
    mentions = [];
  }
  return { content, mentions };
}
