import { CardFactory, MessageFactory } from 'botbuilder';
import { buildHelpCard } from '../cards/info-card.ts';
import type { ActivityHandler } from './bot-dependencies.ts';
import { activityLocale } from './conversation-record.ts';

/** Chorus has no conversation to hold: any message gets a short help card pointing at the tab. */
export const handleMessage: ActivityHandler = async (context, deps) => {
  const card = buildHelpCard({
    teamsAppId: deps.teamsAppId,
    tabEntityId: deps.tabEntityId,
    locale: activityLocale(context.activity) ?? deps.defaultLocale,
  });
  await context.sendActivity(MessageFactory.attachment(CardFactory.adaptiveCard(card)));
};
