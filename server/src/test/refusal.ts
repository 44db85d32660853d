/** What the SSRF guard's refusals say, for tests of it. */
import { SafeFetchError } from '../lib/safe-fetch.ts';

/** The reason the guard refused a fetch; fails when the fetch was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
  throw new Error('expected a refusal');
}
