import { Toaster, useFluent, useThemeClassName } from '@fluentui/react-components';
import { useDangerousNeverHidden_unstable as useNeverHidden } from '@fluentui/react-tabster';
import { useEffect, useLayoutEffect, useState, type JSX } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_DEFAULT_TIMEOUT_MS } from '@chorus/core';
import { announceToasterMounted, TOASTER_ID } from './toaster-id.ts';

/** Toasts shown at once. */
const TOAST_LIMIT = 3;

/**
 * The app's one Toaster: 3000 ms by default as the spec says, paused on hover. It sits at the
 * bottom end, away from the top bar and the dialogs' title bars where people act, and shows
 * at most three toasts at once (the rest wait their turn).
 *
 * An open modal dialog hides everything outside it from assistive technology (aria-hidden on
 * the body's other children), and that would include a toast raised from inside the dialog,
 * such as "Comment deleted.", and the Toaster's live region. So the Toaster lives in its own
 * top-level element that Fluent's modalizer never hides, carrying the theme like a portal.
 */
export function ChorusToaster(): JSX.Element | null {
  const { targetDocument, dir } = useFluent();
  const themeClassName = useThemeClassName();
  const neverHidden = useNeverHidden();
  const [host, setHost] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const body = targetDocument?.body;
    if (!body) return undefined;
    const element = body.ownerDocument.createElement('div');
    for (const [name, value] of Object.entries(neverHidden)) element.setAttribute(name, String(value));
    // Stacked like a Fluent portal, one step above them, so toasts show over an open dialog.
    Object.assign(element.style, { position: 'absolute', top: '0', left: '0', right: '0', zIndex: '1000001' });
    body.append(element);
    setHost(element);
    return () => element.remove();
  }, [targetDocument, neverHidden]);

  useLayoutEffect(() => {
    if (!host) return;
    host.className = themeClassName;
    host.dir = dir;
  }, [host, themeClassName, dir]);

  // Toasts dispatched before the Toaster listens would vanish; notify waits for this.
  useEffect(() => {
    if (host) announceToasterMounted();
  }, [host]);

  if (!host) return null;
  return createPortal(
    <Toaster toasterId={TOASTER_ID} position="bottom-end" limit={TOAST_LIMIT} timeout={TOAST_DEFAULT_TIMEOUT_MS} pauseOnHover mountNode={host} />,
    host,
  );
}
