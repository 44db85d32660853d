/** Whether a path is the single post modal, which shows over a list rather than being a page of its own. */
export function isPostPath(pathname: string): boolean {
  return /^\/post\/[^/]+\/?$/.test(pathname);
}
