/**
 * The networks' web share intents: what a person uses instead of an API post when no API post
 * is possible (a Facebook personal profile, an X share once the app's X budget is spent or
 * when no X app is configured). The person posts from the network's own page; nothing is sent
 * on their behalf.
 */

/** X's web intent: the composer on x.com with the caption and the link filled in. */
export function xIntentUrl(text: string, url: string | null): string {
  const intent = new URL('https://x.com/intent/post');
  if (text !== '') intent.searchParams.set('text', text);
  if (url !== null && url !== '') intent.searchParams.set('url', url);
  return intent.href;
}

/**
 * Facebook's share dialog for a link (no SDK). The sharer takes only the link: Facebook lets no
 * app prefill what the person writes. `appId` is kept for the dialog variant when an app is configured.
 */
export function facebookShareDialogUrl(url: string, appId: string | null = null): string {
  if (appId !== null) {
    const dialog = new URL('https://www.facebook.com/dialog/share');
    dialog.searchParams.set('app_id', appId);
    dialog.searchParams.set('href', url);
    dialog.searchParams.set('display', 'page');
    return dialog.href;
  }
  const sharer = new URL('https://www.facebook.com/sharer/sharer.php');
  sharer.searchParams.set('u', url);
  return sharer.href;
}
