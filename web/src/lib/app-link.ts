import { MOBILE_BREAKPOINT_PX, SIGN_UP_DEEP_LINK_PROMPT_MS } from '@chorus/core';

/** The mobile app's URL scheme. */
export const APP_SCHEME = 'chorus';
/** Store pages of the mobile app, offered when it is not installed. */
export const APP_STORE_URL = 'https://apps.apple.com/app/chorus-employee-advocacy/id0000000000';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=app.chorus.mobile';

/** The phone platform of a user agent, if any. */
export type MobilePlatform = 'ios' | 'android';

/** iOS or Android by user agent (iPadOS posing as a Mac counts as desktop; the width check covers phones). */
export function mobilePlatform(userAgent: string): MobilePlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return null;
}

/** Whether to offer the app: a narrow window (below the mobile breakpoint) or a phone's user agent. */
export function offersApp(viewportWidth: number, userAgent: string): boolean {
  return viewportWidth < MOBILE_BREAKPOINT_PX || mobilePlatform(userAgent) !== null;
}

/** The app link of a sign-up: the app takes the invite code and the company's subdomain. */
export function signUpAppLink(code: string, subdomain: string): string {
  return `${APP_SCHEME}://sign-up?${new URLSearchParams({ code, subdomain }).toString()}`;
}

/** The app link that opens the app on a company's site (its subdomain), where the sign-up link does not apply. */
export function companyAppLink(subdomain: string | null): string {
  return subdomain === null ? `${APP_SCHEME}://open` : `${APP_SCHEME}://open?${new URLSearchParams({ subdomain }).toString()}`;
}

/** The store to fall back to: Google Play on Android, else the App Store. */
export function storeUrl(userAgent: string): string {
  return mobilePlatform(userAgent) === 'android' ? PLAY_STORE_URL : APP_STORE_URL;
}

/** What opening the app needs from the browser, injectable so the timing is testable. */
export interface AppOpener {
  /** Navigates to a URL (the app link, then perhaps the store). */
  go: (url: string) => void;
  /** Asks the user a yes/no question. */
  confirm: (question: string) => boolean;
  /** True once the page is hidden: the app opened and took the screen. */
  isHidden: () => boolean;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

/** The AppOpener of this browser window. */
export function browserAppOpener(): AppOpener {
  return {
    go: (url) => window.location.assign(url),
    confirm: (question) => window.confirm(question),
    isHidden: () => document.visibilityState === 'hidden',
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (id) => window.clearTimeout(id),
  };
}

/**
 * Opens the app link; if the page is still showing after 250 ms (the app did not open),
 * asks whether to go to the store and goes there on yes. Returns a cancel function, for a
 * page that unmounts first.
 */
export function openAppOrStore(appLink: string, store: string, question: string, opener: AppOpener): () => void {
  opener.go(appLink);
  const timer = opener.setTimeout(() => {
    if (!opener.isHidden() && opener.confirm(question)) opener.go(store);
  }, SIGN_UP_DEEP_LINK_PROMPT_MS);
  return () => opener.clearTimeout(timer);
}
