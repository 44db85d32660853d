import { ActivityTypes, type TurnContext } from 'botbuilder';
import type { ActivityHandler, BotDependencies } from './bot-dependencies.ts';
import { handleConversationUpdate } from './conversation-update.ts';
import { handleInstallationUpdate } from './installation-update.ts';
import { handleMessage } from './message.ts';

export type { ActivityHandler, BotDependencies } from './bot-dependencies.ts';

/** One handler per activity type; types not listed are acknowledged and ignored. */
export const activityHandlers: ReadonlyMap<string, ActivityHandler> = new Map([
  [ActivityTypes.InstallationUpdate, handleInstallationUpdate],
  [ActivityTypes.ConversationUpdate, handleConversationUpdate],
  [ActivityTypes.Message, handleMessage],
]);

/** Runs the handler for the turn's activity type, if there is one. */
export async function routeActivity(context: TurnContext, deps: BotDependencies): Promise<void> {
  const handler = activityHandlers.get(context.activity.type);
  if (handler) {
    await handler(context, deps);
  }
}
