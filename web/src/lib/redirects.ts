import { safeNextPath as coreSafeNextPath } from '@chorus/core';

/** Path of the sign-in screen inside the app. */
export const SIGN_IN_PATH = '/sign-in';
/** Path of the feed, the default landing place after sign-in. */
export const HOME_PATH = '/';

/**
 * Query parameters a failed route change keeps when it sends the user to sign-in (accounts
 * spec, section 2, Behaviours); everything else of the wanted location travels inside `next`.
 */
export const SIGN_IN_KEPT_PARAMS = [
  'type_id',
  'from_ext',
  'network',
  'delete_code',
  'from_admin_view',
  'video_id',
  'no_assisted_login',
] as const;

/** Kept parameters that describe the wanted page and go back onto it after sign-in. */
const RESTORED_PARAMS = ['type_id', 'from_ext', 'network', 'delete_code'] as const;

// Any origin works: it only anchors relative paths so URL can tell whether `next` escapes.
const PROBE_ORIGIN = 'https://chorus.invalid';

/**
 * `next` when it is a safe path of this app (core's safeNextPath, the one rule for redirect
 * targets) and not the sign-in screen itself, which would loop. Anything else is null, so the
 * caller falls back to the feed instead of following an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  const path = coreSafeNextPath(next);
  if (path === null) return null;
  return path === SIGN_IN_PATH || path.startsWith(`${SIGN_IN_PATH}/`) || path.startsWith(`${SIGN_IN_PATH}?`) ? null : path;
}

/**
 * Where a signed-out visitor of `pathname + search` is sent: sign-in with `next` set to the
 * wanted location, keeping only the parameters the spec lists beside it.
 */
export function signInRedirectPath(pathname: string, search: string): string {
  const wanted = new URLSearchParams(search);
  const params = new URLSearchParams();
  const rest = new URLSearchParams();
  for (const [key, value] of wanted) {
    if ((SIGN_IN_KEPT_PARAMS as readonly string[]).includes(key)) continue;
    rest.append(key, value);
  }
  const restText = rest.toString();
  const next = `${pathname}${restText ? `?${restText}` : ''}`;
  if (next !== HOME_PATH) params.set('next', next);
  for (const key of SIGN_IN_KEPT_PARAMS) {
    const value = wanted.get(key);
    if (value !== null) params.set(key, value);
  }
  const text = params.toString();
  return `${SIGN_IN_PATH}${text ? `?${text}` : ''}`;
}

/**
 * Where to go after a successful sign-in, from the sign-in screen's query string: the safe
 * `next` path (else the feed) with the page parameters that were set aside restored onto it.
 */
export function afterSignInPath(search: string): string {
  const params = new URLSearchParams(search);
  const next = safeNextPath(params.get('next')) ?? HOME_PATH;
  const url = new URL(next, PROBE_ORIGIN);
  for (const key of RESTORED_PARAMS) {
    const value = params.get(key);
    if (value !== null && !url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Path of the state that hands a signed-in user over to the admin view. */
export const ADMIN_REDIRECT_PATH = '/redirect';

/**
 * Where to go after a successful sign-in: with `from_admin_view` the admin-view hand-over
 * (`/redirect`, carrying next and video_id), otherwise the safe `next` (see afterSignInPath).
 */
export function afterSignInTarget(search: string): string {
  const params = new URLSearchParams(search);
  if (params.get('from_admin_view') === null) return afterSignInPath(search);
  const handOver = new URLSearchParams({ from_admin_view: '1' });
  const next = safeNextPath(params.get('next'));
  if (next !== null) handOver.set('next', next);
  const videoId = params.get('video_id');
  if (videoId !== null) handOver.set('video_id', videoId);
  return `${ADMIN_REDIRECT_PATH}?${handOver.toString()}`;
}

/**
 * The admin view's address for the `/redirect` state: `/#{next}` with from_admin_view=1 and
 * the optional video_id (the admin app routes on the hash). An unsafe or missing next opens
 * the admin view's start page.
 */
export function adminViewUrl(search: string): string {
  const params = new URLSearchParams(search);
  const next = safeNextPath(params.get('next')) ?? HOME_PATH;
  const target = new URL(next, PROBE_ORIGIN);
  target.searchParams.set('from_admin_view', '1');
  const videoId = params.get('video_id');
  if (videoId !== null) target.searchParams.set('video_id', videoId);
  return `/#${target.pathname}${target.search}`;
}

/** Marks a sign-in page reached by companySignInUrl: it explains why the user is there. */
export const MOVED_PARAM = 'moved';

/**
 * The e-mail sign-in of another company (`emailSignInUrl` is that page on the company's
 * subdomain) for a user who signed in on the wrong one (or on the assisted-login host): same
 * `next` and kept parameters, the e-mail prefilled, and MOVED_PARAM.
 */
export function companySignInUrl(emailSignInUrl: string, search: string, email: string): string {
  const current = new URLSearchParams(search);
  const params = new URLSearchParams();
  const next = safeNextPath(current.get('next'));
  if (next !== null) params.set('next', next);
  for (const key of SIGN_IN_KEPT_PARAMS) {
    const value = current.get(key);
    if (value !== null) params.set(key, value);
  }
  params.set('email', email);
  params.set(MOVED_PARAM, '1');
  return `${emailSignInUrl}?${params.toString()}`;
}

/** Path of the admin landing page that stands in for the admin console until it exists. */
export const ADMIN_LANDING_PATH = '/admin';

/**
 * The admin landing page for an admin-view hash (`#/dashboard?from_admin_view=1&video_id=7`,
 * the view switcher's and `/redirect`'s target): `/admin` with the wanted admin path in
 * `next` and the hash's own parameters beside it. Null when the hash is not an admin-view
 * route (`#chorus-main`, the skip link's target, or none).
 */
export function adminLandingPath(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const target = new URL(hash.slice(1), PROBE_ORIGIN);
  const params = new URLSearchParams(target.search);
  const next = safeNextPath(target.pathname);
  params.delete('next');
  const landing = new URLSearchParams();
  if (next !== null) landing.set('next', next);
  for (const [key, value] of params) landing.append(key, value);
  const text = landing.toString();
  return `${ADMIN_LANDING_PATH}${text ? `?${text}` : ''}`;
}
