import { useCallback, useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useConfigInfo } from '../../lib/auth.tsx';
import { useNotify } from '../../lib/notify.tsx';
import { PostDialog } from '../../features/posts/components/post-dialog.tsx';
import { postIdParam } from '../../features/posts/api/get-post.ts';
import { focusCard, openedFromList } from '../../features/posts/components/post-card.tsx';
import { PostInteractions } from '../../features/reactions/components/post-interactions.tsx';
import { CommentsSection } from '../../features/comments/components/comments-section.tsx';
import { usePostClicks } from '../../features/tracking/hooks/use-post-clicks.ts';
import { useShareFromLink } from './post-share.tsx';

/**
 * `/post/:postId`: the single post modal over the feed, with the post's actions and comments.
 * Previous and next (arrows and arrow keys) move within the list it was opened from, passed
 * in history state, replacing the entry so that closing still goes back to that list. Closing
 * goes back there, or home when the post was opened directly; a post that is gone (662, 750)
 * is reported and the user goes home. With `network` (and `type_id`) the share modal opens
 * over it on that network's tab.
 */
export function PostDialogRoute(): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const config = useConfigInfo();
  const postId = postIdParam(params['postId']);
  // Only a post opened from a list in this app has that list behind it in history; one reached
  // by a link, a reload or through sign-in closes to the feed.
  const list = openedFromList(location.state);
  const index = list ? list.feed.indexOf(postId) : -1;
  const previousId = list && index > 0 ? list.feed[index - 1] : undefined;
  const nextId = list && index >= 0 && index < list.feed.length - 1 ? list.feed[index + 1] : undefined;
  const commentsOn = config?.feature_toggles.post_comments_enabled ?? false;
  const handleSourceClick = usePostClicks(postId, list !== null, list?.stepped === true);
  const [search] = useSearchParams();
  // `/post/{postId}?type_id&network` opens the share modal on that network's tab.
  useShareFromLink(postId, search.get('network'), search.get('type_id'));

  const handleClose = (): void => {
    if (list) void navigate(-1);
    else void navigate('/', { replace: true });
    // Back on the list, the card that opened the modal has the focus again.
    if (list?.opener !== undefined) focusCard(list.opener);
  };

  // The post the last step went to. A second step taken before the first one has rendered (two
  // quick clicks, a held arrow key) moves on from there, not from the post still on screen.
  const current = useRef(postId);
  useEffect(() => {
    current.current = postId;
  }, [postId]);
  const step = (offset: -1 | 1): void => {
    const at = list === null ? -1 : list.feed.indexOf(current.current);
    if (list === null || at < 0) return;
    const id = list.feed[at + offset];
    if (id === undefined) return;
    current.current = id;
    void navigate(`/post/${id}`, { replace: true, state: { ...list, stepped: true } });
  };

  const handleMissing = useCallback((): void => {
    notify.error(t('code.662', { ns: 'errors' }));
    void navigate('/', { replace: true });
  }, [notify, t, navigate]);

  const renderComments = (post: Post) => (commentsOn && post.is_comments_enabled ? <CommentsSection key={post.id} post={post} /> : null);

  return (
    <PostDialog
      postId={postId}
      onClose={handleClose}
      onMissing={handleMissing}
      actions={(post) => <PostInteractions post={post} />}
      comments={renderComments}
      onSourceClick={handleSourceClick}
      {...(previousId === undefined ? {} : { onPrevious: () => step(-1) })}
      {...(nextId === undefined ? {} : { onNext: () => step(1) })}
    />
  );
}
