import { useRestoreFocusTarget } from '@fluentui/react-components';

/**
 * Keeps tabster (Fluent's focus manager) alive once it has started. Each Fluent component
 * that uses tabster holds the one instance and releases it as it unmounts, and the last release
 * disposes it. With no other holder, a closing dialog's release disposed it, and the page was
 * left as the open dialog's modalizer had made it (seen in Chromium): `#root` stayed aria-hidden,
 * the cards out of the accessibility tree (so a closed post could not give the focus back to its
 * card), and the focus fell to the body. The page's menus used to hold it, until they mounted on
 * first use (components/menu-on-first-use.tsx).
 *
 * Only the focus restorer is started, not the modalizer: the modalizer puts focusable,
 * aria-hidden guard elements around the page (axe's aria-hidden-focus).
 *
 * A module of its own, loaded by the signed-in layout (app-layout.tsx), where every dialog of
 * the app lives, once the first dialog, menu or popover has started tabster. In the entry,
 * tabster's code (some 19 KB gzip) was part of what every page, the sign-in page too, waited for;
 * loaded as the layout mounted, it competed with the feed's first screen for the network.
 */
export function TabsterKeeper(): null {
  useRestoreFocusTarget();
  return null;
}
