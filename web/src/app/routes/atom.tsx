import type { JSX } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SuggestDialog } from '../../features/suggest/components/suggest-dialog.tsx';

/**
 * `/atom`: the suggest view as an overlay over the feed (signed-in only). Escape or closing
 * goes back to the page before, or to the feed when /atom was opened directly.
 */
export function AtomRoute(): JSX.Element {
  const navigate = useNavigate();
  const location = useLocation();
  const handleClose = (): void => {
    // The first entry of a session has the key "default": nothing of ours is behind it.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return <SuggestDialog onClose={handleClose} />;
}
