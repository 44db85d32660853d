/** Id of the app's one Toaster. */
export const TOASTER_ID = 'chorus-toaster';

let markMounted: () => void = () => undefined;

/**
 * Settles once the lazily loaded Toaster (see requestToaster) has mounted. A toast dispatched before that would
 * reach no listener and vanish (a toast raised by the very first screen, such as sign-in's
 * `?code=311`), so notify waits for it.
 */
export const toasterMounted: Promise<void> = new Promise((resolve) => {
  markMounted = resolve;
});

/** Called by the Toaster once it listens for toasts. */
export function announceToasterMounted(): void {
  markMounted();
}

let wanted = false;
const listeners = new Set<() => void>();

/**
 * Asks for the Toaster. It is mounted on first use, not with the first render: the feed's first
 * render does not fetch its code. notify calls this before it waits for `toasterMounted`.
 */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the Toaster was asked for (a useSyncExternalStore snapshot). */
export function toasterRequested(): boolean {
  return wanted;
}

/** Calls `listener` when the Toaster is asked for; returns the unsubscribe function. */
export function subscribeToToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
