import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  isApiError,
  SHAREABLE_NETWORK_SLUGS,
  type Mention,
  type NetworkMetadata,
  type Post,
  type SnippetChoice,
} from '@chorus/core';
import { useNotify, errorText } from '../../../lib/notify.tsx';
import { patchPostEverywhere } from '../../../lib/post-cache.ts';
import { refreshQueueViews } from '../../../lib/queue.ts';
import { finishIntent, shareNow, startIntent } from '../api/share-api.ts';
import { contentToSend } from '../utils/share-drafts.ts';
import { shareFailureKey } from '../utils/share-failure.ts';
import { INTENT_DIALOG_DELAY_MS, SUCCESS_FLAG_MS, canPressShare, initialPhase, isFollowableUrl, shareOutcome, type SharePhase } from '../utils/share-phase.ts';

/** Facebook's share dialog counts as share-flow type 1 (spec 9 "Facebook share channel id"). */
const INTENT_CHANNEL_ID = 1;

/** What a share sends besides the network. */
export interface ShareInput {
  content: string;
  mentions: Mention[];
  snippet: SnippetChoice | null;
  /** Set when the caption started as an AI-assisted one: its efficacy (1 unchanged, 0 rewritten). */
  ai?: { efficacy: number } | null;
}

/** The share flow of one network tab. */
export interface ShareNow {
  phase: SharePhase;
  /** The share made from this tab, kept for the success overlay after the button's flag ends. */
  done: { socialLink: string | null } | null;
  /** Shares now (API), or starts the network's own share dialog (intent). */
  share: (input: ShareInput) => void;
  /** The person finished the share on the network's page. */
  confirmIntent: () => void;
  /** Opens the network's page again (a blocked or closed window). */
  reopenIntent: () => void;
  /** Leaves the intent without recording a share. */
  cancelIntent: () => void;
}

function openNetworkWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer,width=640,height=640');
}

/**
 * Share Now for one network (spec 4 "Share"): loading, then success (shown 2.5 s), processing
 * (669 or a publish still running), 203 to the network's authorization page, or the error's
 * message. A network shared through its own page ('intent': Facebook profiles) records an
 * intent, opens the network's share dialog after 500 ms, warns before the tab closes while it is
 * open, and records the share when the person confirms it.
 */
export function useShareNow(options: {
  post: Post;
  network: NetworkMetadata;
  channelId: number;
  onShared: (socialLink: string | null) => void;
}): ShareNow {
  const { post, network, channelId, onShared } = options;
  const { t } = useTranslation(['share', 'errors']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [ownPhase, setPhase] = useState<SharePhase>(() => initialPhase(network));
  // Queued or scheduled from this tab, or removed from the queue elsewhere: the metadata says so.
  const queued = network.deferredPostId !== null;
  const phase: SharePhase = ownPhase.kind === 'idle' && queued ? { kind: 'queued' } : ownPhase.kind === 'queued' && !queued ? { kind: 'idle' } : ownPhase;
  const [done, setDone] = useState<{ socialLink: string | null } | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // The spec's warning while Facebook's dialog is open: the share is recorded only on confirming.
  const intentOpen = phase.kind === 'intent';
  useEffect(() => {
    if (!intentOpen) return undefined;
    const warn = (event: BeforeUnloadEvent): string => {
      event.preventDefault();
      const message = t('share:intent.leaving');
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [intentOpen, t]);

  const succeed = useCallback(
    (socialLink: string | null, shares: number) => {
      patchPostEverywhere(queryClient, post.id, (p) => ({ ...p, shares: { num_results: shares } }));
      // The metadata (shared, canQueue) and every My Shares list are read again.
      void refreshQueueViews(queryClient);
      setPhase({ kind: 'success', socialLink });
      setDone({ socialLink });
      notify.success(t('share:messages.shared'));
      onShared(socialLink);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setPhase({ kind: 'idle' }), SUCCESS_FLAG_MS);
    },
    [queryClient, post.id, notify, t, onShared],
  );

  const fail = useCallback(
    (error: unknown) => {
      setPhase({ kind: 'idle' });
      const key = shareFailureKey(network.networkId, isApiError(error) ? error.code : ErrorCode.UNKNOWN);
      notify.error(key === null ? errorText(t, error) : t(key));
    },
    [network.networkId, notify, t],
  );

  const hasMedia = post.media_images.length > 0 || post.media_videos.length > 0;

  const openIntent = (intentId: number, url: string): void => {
    setPhase({ kind: 'intent', intentId, url });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => openNetworkWindow(url), INTENT_DIALOG_DELAY_MS);
  };

  const share = (input: ShareInput): void => {
    if (!canPressShare(phase)) return;
    const content = contentToSend(input.content, hasMedia);
    setPhase({ kind: 'loading' });
    if (network.method === 'intent') {
      startIntent(post.id, network.networkId, content, INTENT_CHANNEL_ID)
        .then(({ postshare_intent_id, url }) => openIntent(postshare_intent_id, url))
        .catch(fail);
      return;
    }
    shareNow(SHAREABLE_NETWORK_SLUGS[network.networkId], post.id, {
      channel_id: channelId,
      content,
      mentions: network.networkId === 3 ? input.mentions : [],
      snippet: input.snippet,
      ai_generated: input.ai !== undefined && input.ai !== null,
      ai_efficacy: input.ai?.efficacy ?? 1,
    })
      .then((response) => {
        const outcome = shareOutcome(response);
        switch (outcome.kind) {
          case 'redirect':
            if (isFollowableUrl(outcome.url, window.location.href)) window.location.assign(outcome.url);
            else fail(null);
            return;
          case 'intent':
            openIntent(outcome.intentId, outcome.url);
            return;
          case 'processing':
            setPhase({ kind: 'processing' });
            notify.success(t('share:messages.videoInProgress'));
            return;
          case 'success':
            succeed(outcome.socialLink, response.shares.num_results);
            return;
          case 'unconfirmed':
            setPhase({ kind: 'unconfirmed', reason: outcome.reason });
            return;
          case 'failed':
            fail(null);
            return;
        }
      })
      .catch(fail);
  };

  const confirmIntent = (): void => {
    if (phase.kind !== 'intent') return;
    const { intentId } = phase;
    setPhase({ kind: 'loading' });
    finishIntent(intentId, network.networkId)
      .then((response) => succeed(null, response.shares.num_results))
      .catch(fail);
  };

  const reopenIntent = (): void => {
    if (phase.kind === 'intent') openNetworkWindow(phase.url);
  };

  const cancelIntent = (): void => {
    window.clearTimeout(timer.current);
    setPhase({ kind: 'idle' });
  };

  return { phase, done, share, confirmIntent, reopenIntent, cancelIntent };
}

