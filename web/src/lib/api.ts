import { ApiClient, cookieTokenStore } from '@chorus/core';

let client: ApiClient | null = null;

/**
 * The app's API client: same origin, session token in the `pb_token` cookie. Created on first
 * use so modules that import it stay loadable outside a browser.
 */
export function api(): ApiClient {
  // Inside the Teams client the app is framed by another site.
  const framed = window.top !== window.self;
  client ??= new ApiClient({ baseUrl: '', tokens: cookieTokenStore(document, location.protocol === 'https:', framed) });
  return client;
}
