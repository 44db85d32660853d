import { ApiClient, cookieTokenStore } from '@chorus/core';

let client: ApiClient | null = null;

/**
 * The app's API client: same origin, session token in the `pb_token` cookie. Created on first
 * use so modules that import it stay loadable outside a browser.
 */
export function api(): ApiClient {
  client ??= new ApiClient({ baseUrl: '', tokens: cookieTokenStore(document, location.protocol === 'https:') });
  return client;
}
