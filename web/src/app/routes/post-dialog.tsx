import { useCallback } from 'react';
import type { JSX } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify.tsx';
import { PostDialog } from '../../features/posts/components/post-dialog.tsx';

/**
 * `/post/:postId`: the post dialog over the feed. Closing goes back to the previous page of
 * the app (or home when the post was opened directly); a missing post is reported and the
 * user goes home.
 */
export function PostDialogRoute(): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const postId = /^\d+$/.test(params['postId'] ?? '') ? Number(params['postId']) : Number.NaN;
  // Only a post opened from a list in this app has that list behind it in history; one reached
  // by a link, a reload or through sign-in closes to the feed.
  const state: unknown = location.state;
  const canGoBack = typeof state === 'object' && state !== null && 'openedFromList' in state;

  const handleClose = (): void => {
    if (canGoBack) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  const handleMissing = useCallback((): void => {
    notify.error(t('code.662', { ns: 'errors' }));
    void navigate('/', { replace: true });
  }, [notify, t, navigate]);

  return <PostDialog key={postId} postId={postId} onClose={handleClose} onMissing={handleMissing} />;
}
