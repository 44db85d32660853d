import { useEffect, useRef } from 'react';
import type { JSX } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePost } from '../../features/posts/api/get-post.ts';
import { parsePostShareResume } from '@chorus/core';
import { channelFromParam, networkFromParam } from '../../lib/share-params.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useNotify } from '../../lib/notify.tsx';
import { useShareLauncher } from '../../lib/share-launcher.ts';

/**
 * Opens the share modal once a post has loaded, on the tab a link names: the single post
 * link `/post/{postId}?type_id&network` (spec 2) calls this from the post dialog.
 */
export function useShareFromLink(postId: number, network: string | null, typeId: string | null): void {
  const launcher = useShareLauncher();
  const { data: post } = usePost(network === null ? 0 : postId);
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!post || opened.current === post.id) return;
    const wanted = networkFromParam(network);
    if (wanted === null) return;
    opened.current = post.id;
    const channelId = channelFromParam(typeId);
    launcher.openShare(channelId === undefined ? { post, network: wanted } : { post, network: wanted, channelId });
  }, [post, network, typeId, launcher]);
}

/**
 * `/post-share/{network}/{post_id}?content&mentions` (spec 2), and `/post-defer/...?date&...`
 * after a queue answered 418: where the link flow comes back to. It reopens the share modal on that network with the caption and mentions it carries, over
 * the feed; a post that is gone is reported and the person goes home.
 */
export function PostShareRoute(): JSX.Element {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const launcher = useShareLauncher();
  const params = useParams();
  const [search] = useSearchParams();
  const postId = /^\d+$/.test(params['postId'] ?? '') ? Number(params['postId']) : Number.NaN;
  const network = networkFromParam(params['network']);
  const { data: post, isError } = usePost(postId);
  const query = search.toString();

  useEffect(() => {
    if (post && network !== null) {
      const { content, mentions } = parsePostShareResume(new URLSearchParams(query));
      // Without a caption in the path (too long for a redirect) the modal starts from the saved draft.
      launcher.openShare(content === null ? { post, network } : { post, network, resume: { content, mentions } });
      void navigate('/', { replace: true });
    } else if (isError || network === null || Number.isNaN(postId)) {
      notify.error(t('code.662', { ns: 'errors' }));
      void navigate('/', { replace: true });
    }
  }, [post, network, isError, postId, query, launcher, navigate, notify, t]);

  return <PageSpinner />;
}
