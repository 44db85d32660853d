import type { NotifiedPost } from '../notifier.ts';
import { botTranslator } from '../i18n.ts';
import { adaptiveCardContentType, adaptiveCardSchema, type AdaptiveCard } from './adaptive-card.ts';
import { postDeepLink } from './deep-link.ts';
import { postCardBody } from './post-card-body.ts';

/** The message a Teams Workflows webhook ("When a Teams webhook request is received") accepts. */
export interface ChannelWebhookPayload {
  type: 'message';
  attachments: [{ contentType: typeof adaptiveCardContentType; content: AdaptiveCard }];
}

/** Options for a channel card: where its button leads and its language. */
export interface ChannelPostCardOptions {
  teamsAppId: string;
  tabEntityId: string;
  /** Company default locale; unsupported or missing locales fall back to en-US. */
  locale: string | null;
}

/**
 * Builds the webhook payload announcing a published post in a channel. Workflows render Adaptive
 * Cards up to 1.4, hence the lower version than the bot's card.
 */
export function buildChannelPostPayload(post: NotifiedPost, options: ChannelPostCardOptions): ChannelWebhookPayload {
  const t = botTranslator(options.locale);
  const card: AdaptiveCard = {
    $schema: adaptiveCardSchema,
    type: 'AdaptiveCard',
    version: '1.4',
    fallbackText: t('newPost.notification', { title: post.title }),
    body: postCardBody(post, t),
    actions: [
      {
        type: 'Action.OpenUrl',
        title: t('newPost.open'),
        url: postDeepLink(options.teamsAppId, options.tabEntityId, post.id),
      },
    ],
  };
  return { type: 'message', attachments: [{ contentType: adaptiveCardContentType, content: card }] };
}

/** Outcome of a webhook post; Workflows answer 202 Accepted when they take the message. */
export interface ChannelWebhookResult {
  ok: boolean;
  status: number;
}

/** Posts a payload to a company's Teams Workflows webhook URL. */
export async function postToChannelWebhook(
  url: string,
  payload: ChannelWebhookPayload,
  fetchImpl: typeof fetch,
): Promise<ChannelWebhookResult> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  await response.body?.cancel();
  return { ok: response.ok, status: response.status };
}
