/**
 * Teams deep links into the Chorus personal tab. The tab reads `subEntityId` from
 * `app.getContext().page.subPageId`, where `post:<id>` opens that post.
 */

const entityBase = 'https://teams.microsoft.com/l/entity';

/** Deep link that opens the Chorus personal tab. */
export function tabDeepLink(teamsAppId: string, tabEntityId: string): string {
  return `${entityBase}/${encodeURIComponent(teamsAppId)}/${encodeURIComponent(tabEntityId)}`;
}

/** Deep link that opens one post inside the Chorus personal tab. */
export function postDeepLink(teamsAppId: string, tabEntityId: string, postId: number): string {
  const context = JSON.stringify({ subEntityId: `post:${postId}` });
  return `${tabDeepLink(teamsAppId, tabEntityId)}?context=${encodeURIComponent(context)}`;
}
