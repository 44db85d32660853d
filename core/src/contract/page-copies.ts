/**
 * Between the web build and the server: copies of index.html that name a page's lazily loaded
 * code, so the browser fetches it beside the entry (web/src/app/route-preloads.ts says which
 * pages, web/vite.config.ts writes the copies, server/src/plugins/static-sites.ts sends them).
 */
import { z } from 'zod';

/** The build's list of page copies, at the build's root (a dot-file: never served). */
export const PAGE_COPIES_FILE = '.chorus-routes.json';
/** The folder of the copies, at the build's root. */
export const PAGE_COPIES_DIR = '.chorus-routes';

/** What PAGE_COPIES_FILE holds: for each copy, the address paths it serves and its file, relative to the build. */
export const PageCopiesManifest = z.object({
  pages: z.array(
    z.object({
      paths: z.array(z.string().startsWith('/')).min(1),
      file: z.string().regex(/^\.chorus-routes\/[a-z0-9-]+\.html$/),
    }),
  ),
});
export type PageCopiesManifest = z.infer<typeof PageCopiesManifest>;

/** Whether an address path (no query) is `page` or below it: `/topic` matches `/topic` and `/topic/12`, not `/topics`. */
export function pathIsUnder(pathname: string, page: string): boolean {
  return pathname === page || pathname.startsWith(`${page}/`);
}
