export * from './notifier.ts';
export { createChorusBot, type BotHttpRequest, type BotHttpResponse, type ChorusBot, type ChorusBotOptions } from './create-bot.ts';
export { createTeamsNotifier, type TeamsNotifierOptions } from './teams-notifier.ts';
export { buildNewPostCard, postDeepLink, truncateSummary, type NewPostCardOptions } from './cards/new-post-card.ts';
export {
  buildChannelPostPayload,
  postToChannelWebhook,
  type ChannelPostCardOptions,
  type ChannelWebhookPayload,
  type ChannelWebhookResult,
} from './cards/channel-post-card.ts';
export { tabDeepLink } from './cards/deep-link.ts';
export type { AdaptiveCard } from './cards/adaptive-card.ts';
export { resolveLocale, supportedLocales, type SupportedLocale } from './i18n.ts';
