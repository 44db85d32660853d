/**
 * Pages whose screen lives in a lazily loaded chunk (router.tsx), with the address paths that
 * open them. The build (`routePreloads` in web/vite.config.ts) writes a copy of index.html per
 * page that names the chunk and every file it imports, and the server sends that copy for the
 * page's paths (server/src/plugins/static-sites.ts). A phone then fetches the screen's code
 * beside the entry instead of after it: without the copy, the sign-in screen's chunk was asked
 * for only once the entry had run, and its 17 imports only once that chunk had run. More code
 * fetched at once also delays the entry on a slow link, so a page is listed only where that
 * was measured to pay off.
 *
 * A path matches itself and every path below it (`/topic` matches `/topic/12`). A module must
 * be one that router.tsx imports lazily, named from the web folder; the build stops otherwise.
 */
export interface RoutePreload {
  /** The copy's file name (without `.html`). */
  name: string;
  /** The address paths, from the site root. */
  paths: readonly string[];
  /** The lazily imported modules the page's screen needs, relative to web/. */
  modules: readonly string[];
}

/**
 * - The sign-in page, the first page of every visit that is not signed in: its chunks are small
 *   (some 35 KB), and Lighthouse's simulated phone drew its largest paint a little sooner (six
 *   runs with the copy: 2,634 to 2,941 ms, median 2,790; two without: 2,896 and 2,945).
 * - The pages of the library screens' chunk (a topic, Explore, bookmarks, featured): 7 files of
 *   5.3 KB gzip since the search screen left the chunk. Without the copy they were asked for
 *   only as the entry ran, beside the page's data. A copy with the chunk's 13 files and 16 KB
 *   had not painted sooner (3,653 and 3,740 ms against 3,605 and 3,636); with 7 files
 *   Lighthouse's median largest paint was 3,086 ms against 3,229 without the copy (five runs
 *   each, interleaved, a noisy machine).
 * - Left out: the post dialog. Its 45 files, fetched beside the entry, share a slow link with it
 *   (4,331 and 4,471 ms with a copy, against 3,116 and 3,472 without).
 */
export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  { name: 'sign-in', paths: ['/sign-in', '/sign-in-embed', '/error'], modules: ['src/app/routes/auth-routes.tsx'] },
  { name: 'library', paths: ['/topic', '/bookmarks', '/featured'], modules: ['src/app/routes/library-routes.tsx'] },
];
