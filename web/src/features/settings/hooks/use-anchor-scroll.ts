import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to a `#hash` anchor of the settings page (auth, application-timezone) once it has
 * rendered; react-router does not. The `network` parameter's scroll to `#social-<network>`
 * after 1 s is the social section's, as only it knows when its network cards are shown.
 */
export function useAnchorScroll(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
