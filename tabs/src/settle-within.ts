/** How a promise ended when it was given a deadline. */
export type TimedOutcome<T> =
  | { readonly status: 'fulfilled'; readonly value: T }
  | { readonly status: 'rejected'; readonly reason: unknown }
  | { readonly status: 'timed-out' };

/**
 * Waits for a promise for at most `timeoutMs`. Never rejects: a rejection and a time-out
 * are outcomes, because the caller treats both as "not inside Teams".
 */
export function settleWithin<T>(promise: Promise<T>, timeoutMs: number): Promise<TimedOutcome<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ status: 'timed-out' }), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ status: 'fulfilled', value });
      },
      (reason: unknown) => {
        clearTimeout(timer);
        resolve({ status: 'rejected', reason });
      },
    );
  });
}
