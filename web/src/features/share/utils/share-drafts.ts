import { type Mention, type NetworkMetadata, type ShareableNetworkId } from '@chorus/core';
import { ownWords, withHashtags } from '@chorus/core/caption-length';

/** One network's caption in the share modal. */
export interface Draft {
  content: string;
  mentions: Mention[];
  /** The caption as last saved (the metadata's, or after POST /post/edit-content). */
  saved: string;
  savedMentions: Mention[];
  /** The AI-assisted caption last offered for this network, for ai_generated and ai_efficacy; absent when none was. */
  aiOffered?: string;
}

/** The modal's captions, one per network tab. */
export type Drafts = Partial<Record<ShareableNetworkId, Draft>>;

/** The drafts a modal starts with: each network's saved caption, and a resumed caption on its own tab. */
export function initialDrafts(
  networks: readonly NetworkMetadata[],
  resume?: { network: ShareableNetworkId; content: string; mentions: Mention[] },
  editable = true,
): Drafts {
  const drafts: Drafts = {};
  for (const entry of networks) {
    const resumed = resume && resume.network === entry.networkId ? resume : null;
    // An editable caption starts with the post's hashtags in it, as they will be published; the
    // same text counts as saved, so opening and closing asks nothing.
    const start = editable ? withHashtags(entry.content, entry.hashtags) : entry.content;
    drafts[entry.networkId] = {
      content: resumed ? resumed.content : start,
      mentions: resumed ? resumed.mentions : entry.mentions,
      saved: start,
      savedMentions: entry.mentions,
    };
  }
  return drafts;
}

/** Whether a network's caption differs from the one last saved (spec 4: "dirty"). */
export function isDirty(draft: Draft | undefined): boolean {
  return draft !== undefined && draft.content !== draft.saved;
}

/** Whether closing the modal would lose an edit: the exit confirmation is asked only then. */
export function hasUnsavedEdits(drafts: Drafts): boolean {
  return Object.values(drafts).some((draft) => isDirty(draft));
}

/** The content sent: an empty caption of a post with media goes as one space (spec 5 "Empty caption"). */
export function contentToSend(content: string, hasMedia: boolean): string {
  return content.trim() === '' && hasMedia ? ' ' : content;
}

/** Whether sharing asks the empty-caption question: nothing but the post's hashtags counts as empty. */
export function asksEmptyCaption(content: string, optedOut: boolean, hashtags = ''): boolean {
  return !optedOut && ownWords(content, hashtags) === '';
}

/** Browser-storage key of the empty-caption warning's opt-out. */
export const EMPTY_CAPTION_OPT_OUT_KEY = 'chorus.share.skipEmptyCaptionWarning';

/** The `mailto:` of the e-mail share: the post's title as subject and the tracked link in the body. */
export function mailtoHref(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
