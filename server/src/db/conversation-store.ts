/** The bot's ConversationStore port, kept in the teams_conversations table. */
import type { ConversationStore, StoredConversation } from '@chorus/bot';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { teamsConversations } from './schema.ts';

type ConversationRow = typeof teamsConversations.$inferSelect;

function toStored(row: ConversationRow): StoredConversation {
  return {
    conversationId: row.conversationId,
    tenantId: row.tenantId,
    aadObjectId: row.aadObjectId,
    serviceUrl: row.serviceUrl,
    reference: row.reference,
    locale: row.locale,
  };
}

/** Creates a ConversationStore on the database; a re-install replaces the stored reference. */
export function createConversationStore(db: Database): ConversationStore {
  return {
    async upsert(conversation) {
      const values = {
        conversationId: conversation.conversationId,
        tenantId: conversation.tenantId,
        aadObjectId: conversation.aadObjectId,
        serviceUrl: conversation.serviceUrl,
        reference: conversation.reference,
        locale: conversation.locale,
      };
      await db
        .insert(teamsConversations)
        .values(values)
        .onConflictDoUpdate({
          target: teamsConversations.conversationId,
          set: {
            tenantId: values.tenantId,
            aadObjectId: values.aadObjectId,
            serviceUrl: values.serviceUrl,
            reference: values.reference,
            // conversationUpdate activities may carry no locale: keep the one we know.
            locale: sql`coalesce(excluded.locale, ${teamsConversations.locale})`,
            updated: sql`now()`,
          },
        });
    },
    async remove(conversationId) {
      await db.delete(teamsConversations).where(eq(teamsConversations.conversationId, conversationId));
    },
    async listByTenant(tenantId) {
      const rows = await db
        .select()
        .from(teamsConversations)
        .where(eq(teamsConversations.tenantId, tenantId))
        .orderBy(teamsConversations.created);
      return rows.map(toStored);
    },
  };
}
