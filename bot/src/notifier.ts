/**
 * The notifier port the server uses to reach people in Microsoft Teams. It hides botbuilder so
 * a later move to the Teams SDK touches only this package.
 */

/** A post as a notification presents it. */
export interface NotifiedPost {
  id: number;
  title: string;
  /** Plain-text caption, shortened by the card if long. */
  summary: string;
  /** Absolute URL of the post's image, if it has one. */
  imageUrl: string | null;
  topic: string | null;
}

/** Outcome of a fan-out to every installation in scope. */
export interface NotifyResult {
  sent: number;
  failed: number;
}

/** Sends Chorus notifications to Teams users who installed the app. */
export interface Notifier {
  /** Tells every installation of the given Microsoft tenant that a post was published. */
  notifyNewPost(tenantId: string, post: NotifiedPost): Promise<NotifyResult>;
}

/** A stored conversation reference: enough to message an installation proactively. */
export interface StoredConversation {
  conversationId: string;
  tenantId: string | null;
  /** Entra ID object id of the installing user (personal scope). */
  aadObjectId: string | null;
  serviceUrl: string;
  /** The whole botbuilder ConversationReference, as JSON. */
  reference: Record<string, unknown>;
  /** Teams locale of the installing user, e.g. "fr-CA", when known. */
  locale: string | null;
}

/** Persistence of conversation references; the server implements it on its database. */
export interface ConversationStore {
  upsert(conversation: StoredConversation): Promise<void>;
  remove(conversationId: string): Promise<void>;
  listByTenant(tenantId: string): Promise<StoredConversation[]>;
}
