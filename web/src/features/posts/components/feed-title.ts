import { FEED_TITLE_COUNT_CAP } from '@chorus/core';

/** The feed's document title with its count prefix, capped at "20+": "(20+) Feed | Acme". */
export function feedTitle(count: number | undefined, title: string): string {
  if (count === undefined || count <= 0) return title;
  return `(${count > FEED_TITLE_COUNT_CAP ? `${FEED_TITLE_COUNT_CAP}+` : count}) ${title}`;
}
