/**
 * The installable web app on the browser's side: the service worker's registration (served at
 * /sw.js by the server: it opens the app offline, and Web Push will use it), the browser's
 * install prompt kept for the smart banner to offer, and whether the app already runs installed.
 * Only the standalone site registers the worker: a Teams tab is an app already.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Registers the service worker once the page has loaded, and keeps the browser's install prompt. */
export function startWebApp(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the smart banner's Install button instead of the browser's own mini bar.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
  if (!('serviceWorker' in navigator)) return;
  const register = (): void => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Whether the page runs as the installed app (Chromium's standalone window, an iOS home-screen app). */
export function isInstalledApp(): boolean {
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Whether the browser offers to install the app now (Chromium), and a way to ask. */
export function useInstallPrompt(): { available: boolean; install: () => Promise<boolean> } {
  const available = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred !== null,
  );
  const install = async (): Promise<boolean> => {
    const event = deferred;
    if (event === null) return false;
    deferred = null;
    changed();
    await event.prompt();
    return (await event.userChoice).outcome === 'accepted';
  };
  return { available, install };
}

/** Whether the browser says it is online, kept up to date. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

/** Whether this browser is an iPhone's or iPad's (where apps are added from the Share menu). */
export function isAppleMobile(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && /Mobile\//.test(userAgent));
}
