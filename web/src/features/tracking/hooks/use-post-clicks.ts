import { useCallback, useContext, useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ShareFlowType } from '@chorus/core';
import { useChorusSettings } from '../../../lib/chorus-context.ts';
import { sendClick } from '../api/track-posts.ts';
import { channelOfArrival } from '../utils/channel.ts';
import { ListPathContext } from './list-path.ts';

/**
 * Records a click when the post modal opens `postId` (once per history entry; a post reached
 * with Previous or Next, `stepped`, is browsing inside the modal and is not counted), with the channel of how the person got there: the link's `type_id`, the
 * list it was opened from (`openedFromList`), or the host. Returns the handler for the post's
 * source links, which count as clicks on the same channel.
 */
export function usePostClicks(postId: number, openedFromList: boolean, stepped = false): () => void {
  const { key } = useLocation();
  const [params] = useSearchParams();
  const { host } = useChorusSettings();
  const listPath = useContext(ListPathContext);
  const typeId = params.get('type_id');
  const valid = Number.isInteger(postId) && postId > 0;
  const channel = useRef<ShareFlowType>(ShareFlowType.feedOrTopic);
  const recordedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!valid || recordedFor.current === key) return;
    recordedFor.current = key;
    // The channel stays the one the modal was opened through; source links still count on it.
    if (stepped) return;
    channel.current = channelOfArrival({ typeId, listPath: openedFromList ? listPath.current : null, host });
    sendClick(postId, channel.current);
  }, [valid, key, postId, typeId, openedFromList, listPath, host, stepped]);

  return useCallback(() => {
    if (valid) sendClick(postId, channel.current);
  }, [valid, postId]);
}
