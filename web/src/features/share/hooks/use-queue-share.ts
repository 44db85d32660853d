import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DeferredShareResponse, type NetworkMetadata, type Post } from '@chorus/core';
import { useNotify } from '../../../lib/notify.tsx';
import { refreshQueueViews } from '../../../lib/queue.ts';
import { queueShare, rescheduleShare, scheduleShare } from '../api/share-api.ts';
import { contentToSend } from '../utils/share-drafts.ts';
import { isFollowableUrl } from '../utils/share-phase.ts';
import type { ShareInput } from './use-share-now.ts';

/** Add to Queue, Schedule and Reschedule of one network tab. */
export interface QueueShare {
  pending: boolean;
  /** The next free slot of the person's queue. */
  queue: (input: ShareInput) => void;
  /** A chosen time; `onDone` runs once it is queued. */
  schedule: (input: ShareInput, at: Date, onDone: () => void) => void;
  /** The network's queued share at a new time. */
  reschedule: (at: Date, onDone: () => void) => void;
}

/**
 * Queueing from the share modal (spec 4 "Queue"): the caption goes with the share as Share Now
 * sends it; 418 goes to the url that links the network (it returns to `/post-defer`); 417, 419,
 * 655 to 658 show their messages. Afterwards the metadata (canQueue false, the queued id and
 * date) and every My Shares list are read again.
 */
export function useQueueShare(options: { post: Post; network: NetworkMetadata; channelId: number }): QueueShare {
  const { post, network, channelId } = options;
  const { t } = useTranslation(['share']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const hasMedia = post.media_images.length > 0 || post.media_videos.length > 0;

  const run = (call: Promise<DeferredShareResponse>, message: string, onDone?: () => void): void => {
    setPending(true);
    call
      .then((response) => {
        if (response.error === 418) {
          if (response.url !== null && isFollowableUrl(response.url, window.location.href)) window.location.assign(response.url);
          else notify.error(t('errors:code.418'));
          return undefined;
        }
        notify.success(message);
        onDone?.();
        return refreshQueueViews(queryClient);
      })
      .catch((error: unknown) => notify.failure(error))
      .finally(() => setPending(false));
  };

  const caption = (input: ShareInput) => ({
    channel_id: channelId,
    content: contentToSend(input.content, hasMedia),
    mentions: network.networkId === 3 ? input.mentions : [],
    snippet: input.snippet,
    ai_generated: input.ai !== undefined && input.ai !== null,
    ai_efficacy: input.ai?.efficacy ?? 1,
  });

  return {
    pending,
    queue: (input) => run(queueShare({ network_id: network.networkId, post_id: post.id, ...caption(input) }), t('share:messages.queued')),
    schedule: (input, at, onDone) => run(scheduleShare({ network: network.networkId, post: post.id, time: at.toISOString(), ...caption(input) }), t('share:messages.scheduled'), onDone),
    reschedule: (at, onDone) => {
      if (network.deferredPostId === null) return;
      run(rescheduleShare(network.deferredPostId, at), t('share:messages.queueUpdated'), onDone);
    },
  };
}
