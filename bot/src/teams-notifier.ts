import { CardFactory, MessageFactory, type CloudAdapter, type ConversationReference } from 'botbuilder';
import { buildNewPostCard } from './cards/new-post-card.ts';
import type { ConversationStore, Notifier, NotifiedPost, NotifyResult, StoredConversation } from './notifier.ts';

/** What the Teams notifier needs. */
export interface TeamsNotifierOptions {
  adapter: CloudAdapter;
  /** Bot (Entra) app id; empty when the bot runs unauthenticated in development. */
  botAppId: string;
  store: ConversationStore;
  teamsAppId: string;
  tabEntityId: string;
  defaultLocale: string;
  /** How many conversations are messaged at once. */
  concurrency?: number;
  /**
   * Whether a stored conversation's service URL may be posted to; one that may not is dropped
   * instead (it was stored before the host had to be a Bot Framework channel). All by default.
   */
  serviceUrlAllowed?: (serviceUrl: string) => boolean;
}

/** Connector answers meaning the conversation is gone for good: blocked (403) or uninstalled (404). */
const goneStatuses = new Set([403, 404]);

function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) {
    return null;
  }
  const status: unknown = 'statusCode' in error ? error.statusCode : 'status' in error ? error.status : null;
  return typeof status === 'number' ? status : null;
}

/**
 * The Bot Framework implementation of the notifier port: a proactive message to every stored
 * conversation of the tenant. One failing conversation does not stop the others.
 */
export function createTeamsNotifier(options: TeamsNotifierOptions): Notifier {
  const concurrency = Math.max(1, options.concurrency ?? 8);

  async function send(conversation: StoredConversation, post: NotifiedPost): Promise<void> {
    const card = buildNewPostCard(post, {
      teamsAppId: options.teamsAppId,
      tabEntityId: options.tabEntityId,
      locale: conversation.locale ?? options.defaultLocale,
    });
    const reference: Partial<ConversationReference> = { ...conversation.reference, serviceUrl: conversation.serviceUrl };
    await options.adapter.continueConversationAsync(options.botAppId, reference, async (context) => {
      const message = MessageFactory.attachment(CardFactory.adaptiveCard(card));
      message.summary = card.fallbackText;
      await context.sendActivity(message);
    });
  }

  return {
    async notifyNewPost(tenantId, post): Promise<NotifyResult> {
      const conversations = await options.store.listByTenant(tenantId);
      const result: NotifyResult = { sent: 0, failed: 0 };
      let next = 0;

      async function worker(): Promise<void> {
        for (let conversation = conversations[next++]; conversation; conversation = conversations[next++]) {
          if (options.serviceUrlAllowed?.(conversation.serviceUrl) === false) {
            result.failed += 1;
            await options.store.remove(conversation.conversationId).catch(() => undefined);
            continue;
          }
          try {
            await send(conversation, post);
            result.sent += 1;
          } catch (error) {
            result.failed += 1;
            const status = errorStatus(error);
            if (status !== null && goneStatuses.has(status)) {
              // A failed clean-up must not stop the fan-out; the next notification retries it.
              await options.store.remove(conversation.conversationId).catch(() => undefined);
            }
          }
        }
      }

      await Promise.all(Array.from({ length: Math.min(concurrency, conversations.length) }, () => worker()));
      return result;
    },
  };
}
