import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ErrorCode, isApiError } from '@chorus/core';

/** True for the failure that means the session is gone (our code 401). */
export function isSessionLost(error: unknown): boolean {
  return isApiError(error, ErrorCode.NOT_SIGNED_IN);
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors will fail the same way again; only network and server failures are retried.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The query client of one app instance. Any query or mutation failing with 401 ends the
 * session through `onSessionLost`; the protected routes then send the user to sign-in.
 */
export function createQueryClient(onSessionLost: () => void): QueryClient {
  const handleError = (error: unknown): void => {
    if (isSessionLost(error)) onSessionLost();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
