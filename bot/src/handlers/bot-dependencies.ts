import type { TurnContext } from 'botbuilder';
import type { ConversationStore } from '../notifier.ts';

/** What activity handlers need; handlers keep no state of their own. */
export interface BotDependencies {
  store: ConversationStore;
  /** Teams app id (manifest `id`), used in deep links to the tab. */
  teamsAppId: string;
  /** Entity id of the personal tab, used in deep links. */
  tabEntityId: string;
  /** Locale used when an activity carries none of the supported ones. */
  defaultLocale: string;
}

/** Handles one incoming activity of a given type. */
export type ActivityHandler = (context: TurnContext, deps: BotDependencies) => Promise<void>;
