/**
 * Whether a visit to a tracked link is a machine's rather than a person's: the link-preview
 * fetchers of the networks and chat apps (they open every link posted, before anyone clicks),
 * search and SEO crawlers, HTTP libraries, HEAD requests (browsers never send one when a person
 * follows a link) and prefetches (the browser guessing, not the person choosing). Such visits
 * are still redirected and still kept in a link's raw count; they do not count as clicks.
 */

/** User agents of known unfurlers, crawlers and HTTP clients (case-insensitive, matched anywhere). */
const AUTOMATED_AGENTS = new RegExp(
  [
    // The networks' and chat apps' link previews.
    'twitterbot',
    'linkedinbot',
    'facebookexternalhit',
    'facebookcatalog',
    'facebot',
    'meta-externalagent',
    'slackbot',
    'slack-imgproxy',
    'discordbot',
    'whatsapp',
    'telegrambot',
    'skypeuripreview',
    'microsoftpreview',
    'teamsbot',
    'redditbot',
    'pinterest',
    'embedly',
    'iframely',
    'vkshare',
    'snapchat',
    'viber',
    'mastodon',
    'bluesky',
    'google-pagerenderer',
    'bingpreview',
    // Crawlers in general.
    'bot\\b',
    'bot/',
    'crawl',
    'spider',
    'slurp',
    'headlesschrome',
    'lighthouse',
    'preview',
    // HTTP libraries and tools.
    'curl/',
    'wget/',
    'python-requests',
    'python-urllib',
    'aiohttp',
    'go-http-client',
    'okhttp',
    'axios/',
    'node-fetch',
    'undici',
    'java/',
    'libwww-perl',
    'httpclient',
  ].join('|'),
  'i',
);

/** What deciding needs from a request. */
export interface VisitSignals {
  method: string;
  userAgent: string | undefined;
  /** `Sec-Purpose`, `Purpose`, `X-Purpose` and `X-Moz` headers, as sent. */
  purpose: readonly (string | undefined)[];
}

/** Whether the visit is a machine's (see the module comment); a visit with no user agent is. */
export function isAutomatedVisit(visit: VisitSignals): boolean {
  if (visit.method !== 'GET') return true;
  if (visit.purpose.some((value) => value !== undefined && /prefetch|preview|prerender/i.test(value))) return true;
  const agent = visit.userAgent?.trim() ?? '';
  return agent === '' || AUTOMATED_AGENTS.test(agent);
}
