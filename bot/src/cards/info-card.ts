import { botTranslator } from '../i18n.ts';
import { adaptiveCardSchema, type AdaptiveCard } from './adaptive-card.ts';
import { tabDeepLink } from './deep-link.ts';

/** Where the "Open Chorus" button leads and in which language the card speaks. */
export interface InfoCardOptions {
  teamsAppId: string;
  tabEntityId: string;
  locale: string | null;
}

function infoCard(title: string, body: string, button: string, url: string): AdaptiveCard {
  return {
    $schema: adaptiveCardSchema,
    type: 'AdaptiveCard',
    version: '1.5',
    fallbackText: `${title}\n\n${body}`,
    body: [
      { type: 'TextBlock', text: title, style: 'heading', size: 'medium', weight: 'bolder', wrap: true },
      { type: 'TextBlock', text: body, wrap: true },
    ],
    actions: [{ type: 'Action.OpenUrl', title: button, url }],
  };
}

/** The card the bot sends once it is added to a conversation. */
export function buildWelcomeCard(options: InfoCardOptions): AdaptiveCard {
  const t = botTranslator(options.locale);
  return infoCard(t('welcome.title'), t('welcome.body'), t('openChorus'), tabDeepLink(options.teamsAppId, options.tabEntityId));
}

/** The card the bot answers any message with: what it does and a way into the tab. */
export function buildHelpCard(options: InfoCardOptions): AdaptiveCard {
  const t = botTranslator(options.locale);
  return infoCard(t('help.title'), t('help.body'), t('openChorus'), tabDeepLink(options.teamsAppId, options.tabEntityId));
}
