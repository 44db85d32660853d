import { useEffect, useRef } from 'react';
import type { JSX, KeyboardEvent, ReactNode } from 'react';
import { Avatar, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, Spinner, Text } from '@fluentui/react-components';
import { ChevronLeft24Regular, ChevronRight24Regular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { PassHolds, usePaintedOnce } from '../../../lib/after-first-paint.tsx';
import { isSessionLost } from '../../../lib/query-client.ts';
import { RouterLink } from '../../../components/router-link.tsx';
import { usePost } from '../api/get-post.ts';
import { PostMedia } from './post-media.tsx';
import { PostMeta } from './post-meta.tsx';
import styles from './post-dialog.module.css';
import sheet from '../../../components/phone-sheet.module.css';

/** What other features add to the modal (actions, comments), given the loaded post. */
export type PostSlot = (post: Post) => ReactNode;

function SuggestedBy(props: { name: string }): JSX.Element {
  const { t } = useTranslation(['common', 'library']);
  return (
    <div className={styles.suggested}>
      <Avatar size={24} name={props.name} aria-hidden="true" />
      <Text size={200}>
        <span className={styles.suggestedLabel}>{t('library:postModal.suggestedBy')}</span> <Text weight="semibold" size={200}>{props.name}</Text>
      </Text>
    </div>
  );
}

/**
 * The open post: its media, then (once `complete`) the rest. The dialog first paints with the
 * media alone, the page's largest picture, and the rest renders after that paint.
 */
function PostDetails(props: { post: Post; complete: boolean; actions: PostSlot | undefined; comments: PostSlot | undefined; onSourceClick: (() => void) | undefined }): JSX.Element {
  const { t } = useTranslation(['common', 'library']);
  const { post } = props;
  const topicsId = `post-${post.id}-topics`;
  if (!props.complete) {
    return (
      <div className={styles.content}>
        <PostMedia post={post} size="large" eager />
      </div>
    );
  }
  return (
    <div className={styles.content}>
      <PostMedia post={post} size="large" eager />
      {post.properties.suggested_by ? <SuggestedBy name={post.properties.suggested_by.name} /> : null}
      {props.actions ? props.actions(post) : null}
      {post.content_for_viewing ? (
        <Text as="p" className={styles.caption}>
          {post.content_for_viewing}
        </Text>
      ) : null}
      <PostMeta post={post} />
      {post.url ? (
        <Link href={post.url} target="_blank" rel="noopener noreferrer" onClick={props.onSourceClick}>
          {t('post.viewAt', { source: post.source ?? t('post.internal') })}
        </Link>
      ) : null}
      {post.additional_content ? (
        <Text as="p" className={styles.additional}>
          {post.additional_content}
        </Text>
      ) : post.url ? (
        <div className={styles.previewFallback}>
          <Text>{t('library:postModal.previewFailed')}</Text>{' '}
          <Link href={post.url} target="_blank" rel="noopener noreferrer" onClick={props.onSourceClick}>
            {t('library:postModal.viewOriginal')}
          </Link>
        </div>
      ) : null}
      <div className={styles.footer}>
        {post.categories.length > 0 ? (
          <nav aria-labelledby={topicsId}>
            <h3 id={topicsId} className={styles.topicsHeading}>
              {t('post.topics')}
            </h3>
            <ul className={styles.topics}>
              {post.categories.map((category) => (
                <li key={category.id}>
                  <RouterLink to={`/topic/${category.id}`}>{category.name}</RouterLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {post.url ? (
          <Link href={post.url} target="_blank" rel="noopener noreferrer" onClick={props.onSourceClick} className={styles.source}>
            {t('library:postModal.goToSource')}
          </Link>
        ) : null}
      </div>
      {props.comments ? props.comments(post) : null}
    </div>
  );
}

interface PostDialogProps {
  postId: number;
  /** Closes the dialog (back to where the user came from). */
  onClose: () => void;
  /** The post does not exist or is gone: the caller goes home. */
  onMissing: () => void;
  /** The post's actions (like, counts, share buttons, bookmark). */
  actions?: PostSlot;
  /** The comments section. */
  comments?: PostSlot;
  /** The person followed a link to the post's source ('View at', 'View the original', 'Go to source'). */
  onSourceClick?: () => void;
  /** Opens the previous post of the list it was opened from; absent at the start. */
  onPrevious?: () => void;
  /** Opens the next post of that list; absent at the end. */
  onNext?: () => void;
}

function isEditable(target: EventTarget): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The single post modal over the feed: media, suggester, actions, caption, date, source
 * ('View at'), additional content or the preview fallback, topics and 'Go to source',
 * comments, and previous and next arrows (also the left and right arrow keys). A post that
 * cannot be loaded is reported once and the caller sends the user home.
 */
export function PostDialog(props: PostDialogProps): JSX.Element {
  const { t } = useTranslation(['common', 'library']);
  const post = usePost(props.postId);
  // The dialog stays open while previous and next swap the post, so a failure is reported once per id.
  const reported = useRef<number | null>(null);
  const invalidId = !Number.isInteger(props.postId) || props.postId <= 0;
  const { onMissing, onPrevious, onNext } = props;
  const failed = invalidId || (post.isError && !isSessionLost(post.error));

  useEffect(() => {
    if (failed && reported.current !== props.postId) {
      reported.current = props.postId;
      onMissing();
    }
  }, [failed, onMissing, props.postId]);

  const handleOpenChange = (_event: unknown, data: { open: boolean }): void => {
    if (!data.open) props.onClose();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.defaultPrevented || isEditable(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    // Keys from dialogs opened over this one (the reactions modal) bubble here through React's tree.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (event.key === 'ArrowLeft' && onPrevious) {
      event.preventDefault();
      onPrevious();
    } else if (event.key === 'ArrowRight' && onNext) {
      event.preventDefault();
      onNext();
    }
  };

  const title = post.data?.title ?? t('post.loading');
  // The dialog opens with its title, close button and media, and the rest of the post renders
  // once that has been painted: mounted in one task with the dialog, which measures the page and
  // looks for the first focusable element as it opens, it blocked a phone's main thread (4x CPU)
  // for 0.8 s.
  const opened = usePaintedOnce();
  // The page behind waits for its deferred parts until the post is closed (PostDialogHold, in
  // app/routes/feed.tsx); the dialog's own take their turns.
  return (
    <PassHolds>
      <Dialog open onOpenChange={handleOpenChange}>
        <DialogSurface className={`${styles.surface} ${sheet.sheet}`} onKeyDown={handleKeyDown}>
          <DialogBody>
            <DialogTitle action={<Button appearance="subtle" aria-label={t('post.close')} icon={<DismissRegular />} onClick={props.onClose} />}>{title}</DialogTitle>
            <DialogContent>
              {post.data ? (
                <PostDetails key={post.data.id} post={post.data} complete={opened} actions={props.actions} comments={props.comments} onSourceClick={props.onSourceClick} />
              ) : (
                <div className={styles.loading}>
                  <Spinner label={t('post.loading')} />
                </div>
              )}
            </DialogContent>
            <DialogActions fluid className={styles.dialogActions}>
              {onPrevious || onNext ? (
                <nav aria-label={t('library:postModal.navigation')} className={styles.arrows}>
                  <Button appearance="subtle" icon={<ChevronLeft24Regular />} disabled={!onPrevious} onClick={onPrevious}>
                    {t('library:postModal.previous')}
                  </Button>
                  <Button appearance="subtle" icon={<ChevronRight24Regular />} iconPosition="after" disabled={!onNext} onClick={onNext}>
                    {t('library:postModal.next')}
                  </Button>
                </nav>
              ) : null}
              <Button appearance="secondary" onClick={props.onClose}>
                {t('post.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </PassHolds>
  );
}
