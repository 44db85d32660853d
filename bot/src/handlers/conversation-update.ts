import { CardFactory, MessageFactory } from 'botbuilder';
import { buildWelcomeCard } from '../cards/info-card.ts';
import type { ActivityHandler } from './bot-dependencies.ts';
import { activityLocale, toStoredConversation } from './conversation-record.ts';

/**
 * When the bot itself joins a conversation, store the reference (Teams may send this without an
 * installationUpdate) and welcome the user. Other members joining need nothing.
 */
export const handleConversationUpdate: ActivityHandler = async (context, deps) => {
  const { activity } = context;
  const botId = activity.recipient.id;
  const botAdded = (activity.membersAdded ?? []).some((member) => member.id === botId);
  if (!botAdded) {
    return;
  }
  await deps.store.upsert(toStoredConversation(context));
  const card = buildWelcomeCard({
    teamsAppId: deps.teamsAppId,
    tabEntityId: deps.tabEntityId,
    locale: activityLocale(activity) ?? deps.defaultLocale,
  });
  await context.sendActivity(MessageFactory.attachment(CardFactory.adaptiveCard(card)));
};
