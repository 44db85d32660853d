import { Suspense, lazy, useState } from 'react';
import type { JSX } from 'react';
import { Button } from '@fluentui/react-components';
import { Share20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useConfigInfo } from '../../../lib/auth.tsx';
import { BookmarkToggle, canBookmark } from './bookmark-toggle.tsx';
import { LikeButton } from './like-button.tsx';
import { LegacyShareBar, ShareButtons } from './share-actions.tsx';
import styles from './post-interactions.module.css';

const ReactionsDialog = lazy(() => import('./reactions-dialog.tsx').then((m) => ({ default: m.ReactionsDialog })));

/** Which list the reactions modal opens on. */
export type ReactionsTab = 'likes' | 'shares';

/** Whether likes are on for the company and for this post. */
export function likesEnabled(post: Post, postReactionsEnabled: boolean): boolean {
  return postReactionsEnabled && post.is_reactions_enabled;
}

/**
 * The actions of a post on its card and in the single post modal: the interaction bar (like
 * heart, like and share counts opening the reactions modal, share buttons or 'Internal') or
 * the legacy share bar, as the company's post_interactions_enabled feature toggle chooses, and
 * the bookmark toggle where bookmarks apply.
 */
export function PostInteractions(props: { post: Post }): JSX.Element {
  const { t } = useTranslation(['library']);
  const config = useConfigInfo();
  const [tab, setTab] = useState<ReactionsTab | null>(null);
  const { post } = props;
  const likes = likesEnabled(post, config?.feature_toggles.post_reactions_enabled ?? false);
  const interactionBar = config?.feature_toggles.post_interactions_enabled ?? true;

  return (
    <div className={styles.bar} role="group" aria-label={t('library:card.actions', { title: post.title })}>
      {/* Counts and share buttons may wrap; the bookmark keeps its place at the row's end. */}
      <div className={styles.main}>
        {interactionBar ? (
          <>
            <div className={styles.counts}>
              {likes ? (
                <>
                  <LikeButton post={post} />
                  <Button appearance="transparent" size="small" className={styles.count} aria-label={t('library:card.likes', { count: post.reactions.num_results })} onClick={() => setTab('likes')}>
                    {String(post.reactions.num_results)}
                  </Button>
                </>
              ) : null}
              <Button
                appearance="transparent"
                size="small"
                className={styles.count}
                icon={<Share20Regular />}
                aria-label={t('library:card.shares', { count: post.shares.num_results })}
                onClick={() => setTab('shares')}
              >
                {/* A string: Fluent takes a button whose children are 0 for icon-only and hides the count. */}
                {String(post.shares.num_results)}
              </Button>
            </div>
            <ShareButtons post={post} config={config} />
          </>
        ) : (
          <LegacyShareBar post={post} config={config} onShowShares={() => setTab('shares')} />
        )}
      </div>
      {canBookmark(post, config) ? <BookmarkToggle post={post} /> : null}
      {tab !== null ? (
        <Suspense fallback={null}>
          <ReactionsDialog post={post} initialTab={tab} likesEnabled={likes} onClose={() => setTab(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
