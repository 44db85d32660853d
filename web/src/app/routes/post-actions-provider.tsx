import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JSX, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PostActionsContext } from '../../features/posts/components/post-card.tsx';
import { ShareLauncherContext, type ShareLauncher } from '../../lib/share-launcher.ts';
import type { ShareTask } from '../../features/share/components/share-host.tsx';

// The interaction bar (likes, counts, share buttons, bookmark, reactions modal) and its
// strings load on demand, after the feed's first render.
const PostInteractions = lazy(() => import('../../features/reactions/components/post-interactions.tsx').then((m) => ({ default: m.PostInteractions })));
// The share modal, copy link and e-mail (with twitter-text) load on the first share action.
const ShareHost = lazy(() => import('../../features/share/components/share-host.tsx').then((m) => ({ default: m.ShareHost })));

/** Whether the focus is in a modal dialog that does not hold `control` (one opened after the control's). */
function focusTakenByAnotherModal(control: HTMLElement): boolean {
  const modal = document.activeElement?.closest('[aria-modal="true"]');
  return modal !== null && modal !== undefined && !modal.contains(control);
}

/** Gives post cards their actions, composed from the reactions and share features. */
export function PostActionsProvider(props: { children: ReactNode }): JSX.Element {
  const { i18n } = useTranslation();
  const [task, setTask] = useState<ShareTask | null>(null);
  const [hostWanted, setHostWanted] = useState(false);
  const nextId = useRef(0);
  useEffect(() => {
    // Fetch the bar's namespace alongside its code rather than after it.
    void i18n.loadNamespaces('library');
  }, [i18n]);

  // The control a share action started from: the focus goes back to it when the action ends
  // (the dialogs open from code, not from a Fluent trigger, so they cannot restore it themselves).
  const opener = useRef<HTMLElement | null>(null);

  const launcher = useMemo<ShareLauncher>(() => {
    const newId = (): number => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      nextId.current += 1;
      setHostWanted(true);
      return nextId.current;
    };
    return {
      openShare: (request) => setTask({ id: newId(), kind: 'share', request }),
      copyLink: (post) => setTask({ id: newId(), kind: 'copy', post }),
      shareByEmail: (post) => setTask({ id: newId(), kind: 'email', post }),
    };
  }, []);
  const handleDone = useCallback(() => {
    setTask(null);
    const back = opener.current;
    opener.current = null;
    // After the dialog has gone (its own focus handling runs as it unmounts), unless a modal that
    // opened meanwhile has taken the focus: the recommendations drawer, which opens as the share
    // modal closes. Taken back into the post dialog behind it, the focus made that dialog the
    // active modal again, and the drawer on top was hidden from assistive technology (the frame
    // comes late on a busy machine, after the drawer has opened).
    if (back) requestAnimationFrame(() => (back.isConnected && !focusTakenByAnotherModal(back) ? back.focus() : undefined));
  }, []);

  return (
    <PostActionsContext.Provider value={PostInteractions}>
      <ShareLauncherContext.Provider value={launcher}>
        {props.children}
        {hostWanted ? (
          <Suspense fallback={null}>
            <ShareHost task={task} onDone={handleDone} />
          </Suspense>
        ) : null}
      </ShareLauncherContext.Provider>
    </PostActionsContext.Provider>
  );
}
