/**
 * Keeps tabster, Fluent's focus manager, alive once it has started on the page. Each Fluent
 * component that uses it (a dialog, a drawer, a menu, a toolbar) holds the page's one instance
 * and releases it as it unmounts, and the last release disposes it. When a dialog was the only
 * holder, closing it disposed tabster and left the page as the dialog's modalizer had made it
 * (seen in Chromium): `#root` stayed aria-hidden, the cards out of the accessibility tree (a
 * closed post could not give the focus back to its card), and the focus fell to the body. The
 * page's menus used to hold it, until they mounted on first use (components/menu-on-first-use.tsx).
 *
 * The hold is taken without tabster's code, which stays out of the entry (some 19 KB gzip, once
 * part of what every page waited for): the first holder marks the body as tabster's root
 * (`data-tabster`), and in the microtask after that, before the dialog can paint, one more
 * reference is taken on the instance tabster keeps on the window (what its getCurrentTabster
 * reads). The e2e suite's dialog tests fail without it.
 */

/** The part of tabster's instance on the window that the hold uses. */
interface TabsterWindow {
  __tabsterInstance?: { createTabster(noRefCount: boolean): unknown };
}

function holdStarted(): boolean {
  const instance = (window as TabsterWindow).__tabsterInstance;
  if (instance === undefined) return false;
  instance.createTabster(false);
  return true;
}

let held = false;

/** Takes the hold once tabster has started (at once if it has); returns what stops waiting for it. */
export function holdTabsterOnceStarted(): () => void {
  if (held) return () => undefined;
  if (holdStarted()) {
    held = true;
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (held || !holdStarted()) return;
    held = true;
    observer.disconnect();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-tabster'] });
  return () => observer.disconnect();
}
