import { lazy, useEffect } from 'react';
import type { JSX, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PostActionsContext } from '../../features/posts/components/post-card.tsx';

// The interaction bar (likes, counts, share buttons, bookmark, reactions modal) and its
// strings load on demand, after the feed's first render.
const PostInteractions = lazy(() => import('../../features/reactions/components/post-interactions.tsx').then((m) => ({ default: m.PostInteractions })));

/** Gives post cards their actions, composed from the reactions feature. */
export function PostActionsProvider(props: { children: ReactNode }): JSX.Element {
  const { i18n } = useTranslation();
  useEffect(() => {
    // Fetch the bar's namespace alongside its code rather than after it.
    void i18n.loadNamespaces('library');
  }, [i18n]);
  return <PostActionsContext.Provider value={PostInteractions}>{props.children}</PostActionsContext.Provider>;
}
