import { TurnContext, type Activity } from 'botbuilder';
import type { StoredConversation } from '../notifier.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Microsoft tenant of the activity: on the conversation in Teams, or in `channelData.tenant`. */
export function activityTenantId(activity: Activity): string | null {
  if (activity.conversation.tenantId) {
    return activity.conversation.tenantId;
  }
  const channelData: unknown = activity.channelData;
  if (isRecord(channelData) && isRecord(channelData.tenant) && typeof channelData.tenant.id === 'string') {
    return channelData.tenant.id;
  }
  return null;
}

/** Locale of the sender, from the activity or, failing that, its clientInfo entity. */
export function activityLocale(activity: Activity): string | null {
  if (activity.locale) {
    return activity.locale;
  }
  const clientInfo = activity.entities?.find((entity) => entity.type === 'clientInfo');
  const locale: unknown = clientInfo?.locale;
  return typeof locale === 'string' && locale ? locale : null;
}

/** What to store about an installation so Chorus can message it later. */
export function toStoredConversation(context: TurnContext): StoredConversation {
  const { activity } = context;
  const reference = TurnContext.getConversationReference(activity);
  // A JSON round trip drops undefined members so the reference stores as plain JSON.
  const json: unknown = JSON.parse(JSON.stringify(reference));
  return {
    conversationId: activity.conversation.id,
    tenantId: activityTenantId(activity),
    aadObjectId: activity.from.aadObjectId ?? null,
    serviceUrl: activity.serviceUrl,
    reference: isRecord(json) ? json : {},
    locale: activityLocale(activity),
  };
}
