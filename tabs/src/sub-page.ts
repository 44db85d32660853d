const POST_SUB_PAGE = /^post:([A-Za-z0-9_-]+)$/;

/**
 * The in-app path a Teams deep link's `subPageId` (sub-entity id) opens: `post:123` opens
 * `/post/123`. Anything else opens the default screen, so it gives `undefined`.
 */
export function pathForSubPageId(subPageId: string | undefined): string | undefined {
  const match = POST_SUB_PAGE.exec(subPageId?.trim() ?? '');
  const postId = match?.[1];
  return postId === undefined ? undefined : `/post/${postId}`;
}
