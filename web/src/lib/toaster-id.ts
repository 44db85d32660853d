/** Id of the app's one Toaster. */
export const TOASTER_ID = 'chorus-toaster';

let markMounted: () => void = () => undefined;

/**
 * Settles once the lazily loaded Toaster has mounted. A toast dispatched before that would
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
