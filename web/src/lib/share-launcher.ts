import { createContext, useContext } from 'react';
import type { Mention, Post, ShareableNetworkId } from '@chorus/core';

/** What opens the share modal: a post, the tab to show, and a caption to resume with. */
export interface ShareRequestState {
  post: Post;
  /** The tab to preselect; null opens the first network the company enables. */
  network: ShareableNetworkId | null;
  /** The share-flow type of where it started (spec 3 "Share-flow type"; 9 is the web modal). */
  channelId?: number;
  /** A caption kept across the link flow (the `/post-share` resume route). */
  resume?: { content: string; mentions: Mention[] };
}

/**
 * The share actions of a post. Features that draw share buttons (the card, the legacy share
 * bar, the post modal) call these; the app composes them from the share feature, which loads
 * on first use, so features do not import each other.
 */
export interface ShareLauncher {
  openShare: (request: ShareRequestState) => void;
  copyLink: (post: Post) => void;
  shareByEmail: (post: Post) => void;
}

/** The share actions; the default does nothing (a tree without the share feature). */
export const ShareLauncherContext = createContext<ShareLauncher>({
  openShare: () => undefined,
  copyLink: () => undefined,
  shareByEmail: () => undefined,
});

/** The share actions of the app. */
export function useShareLauncher(): ShareLauncher {
  return useContext(ShareLauncherContext);
}
