import type { NotifiedPost } from '../notifier.ts';
import { botTranslator } from '../i18n.ts';
import { adaptiveCardSchema, type AdaptiveCard } from './adaptive-card.ts';
import { postDeepLink } from './deep-link.ts';
import { postCardBody } from './post-card-body.ts';

export { postDeepLink } from './deep-link.ts';
export { truncateSummary } from './post-card-body.ts';

/** Where the card's button leads and in which language it speaks. */
export interface NewPostCardOptions {
  teamsAppId: string;
  tabEntityId: string;
  /** Teams locale of the recipient; unsupported or missing locales fall back to en-US. */
  locale: string | null;
}

/** Builds the Adaptive Card 1.5 a Teams user receives when a post is published. */
export function buildNewPostCard(post: NotifiedPost, options: NewPostCardOptions): AdaptiveCard {
  const t = botTranslator(options.locale);
  return {
    $schema: adaptiveCardSchema,
    type: 'AdaptiveCard',
    version: '1.5',
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
}
