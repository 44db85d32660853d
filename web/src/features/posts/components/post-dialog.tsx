import { useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, Spinner, Text } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { isSessionLost } from '../../../lib/query-client.ts';
import { RouterLink } from '../../../components/router-link.tsx';
import { usePost } from '../api/get-post.ts';
import { PostMedia } from './post-media.tsx';
import { PostMeta } from './post-meta.tsx';
import styles from './post-dialog.module.css';

function PostDetails(props: { post: Post }): JSX.Element {
  const { t } = useTranslation();
  const { post } = props;
  return (
    <div className={styles.content}>
      <PostMedia post={post} size="large" />
      {post.properties.suggested_by ? (
        <Text className={styles.suggested}>{t('post.suggestedBy', { name: post.properties.suggested_by.name })}</Text>
      ) : null}
      {post.content_for_viewing ? (
        <Text as="p" className={styles.caption}>
          {post.content_for_viewing}
        </Text>
      ) : null}
      {post.additional_content ? (
        <Text as="p" className={styles.additional}>
          {post.additional_content}
        </Text>
      ) : null}
      <PostMeta post={post} />
      {post.url ? (
        <Link href={post.url} target="_blank" rel="noopener noreferrer">
          {t('post.viewAt', { source: post.source ?? t('post.internal') })}
        </Link>
      ) : null}
      {post.categories.length > 0 ? (
        <nav aria-labelledby={`post-${post.id}-topics`}>
          <h3 id={`post-${post.id}-topics`} className={styles.topicsHeading}>
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
    </div>
  );
}

interface PostDialogProps {
  postId: number;
  /** Closes the dialog (back to where the user came from). */
  onClose: () => void;
  /** The post does not exist or is gone: the caller goes home. */
  onMissing: () => void;
}

/**
 * The single post modal over the feed: media, caption, date, source ('View at') and topics.
 * A post that cannot be loaded is reported once and the caller sends the user home.
 */
export function PostDialog(props: PostDialogProps): JSX.Element {
  const { t } = useTranslation();
  const post = usePost(props.postId);
  const reported = useRef(false);
  const invalidId = !Number.isInteger(props.postId) || props.postId <= 0;
  const { onMissing } = props;
  const failed = invalidId || (post.isError && !isSessionLost(post.error));

  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      onMissing();
    }
  }, [failed, onMissing]);

  const handleOpenChange = (_event: unknown, data: { open: boolean }): void => {
    if (!data.open) props.onClose();
  };

  const title = post.data?.title ?? t('post.loading');
  return (
    <Dialog open onOpenChange={handleOpenChange}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle
            action={<Button appearance="subtle" aria-label={t('post.close')} icon={<DismissRegular />} onClick={props.onClose} />}
          >
            {title}
          </DialogTitle>
          <DialogContent>
            {post.data ? (
              <PostDetails post={post.data} />
            ) : (
              <div className={styles.loading}>
                <Spinner label={t('post.loading')} />
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onClose}>
              {t('post.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
