import type { ActivityHandler } from './bot-dependencies.ts';
import { toStoredConversation } from './conversation-record.ts';

/**
 * Installing (or upgrading) the app stores the conversation reference so notifications can reach
 * the user; uninstalling forgets it.
 */
export const handleInstallationUpdate: ActivityHandler = async (context, deps) => {
  const action = context.activity.action;
  if (action === 'add' || action === 'add-upgrade') {
    await deps.store.upsert(toStoredConversation(context));
  } else if (action === 'remove' || action === 'remove-upgrade') {
    await deps.store.remove(context.activity.conversation.id);
  }
};
