/**
 * Library search: PostgreSQL full-text search over the generated posts.search_vector
 * (migration 0007: title and hashtags weigh A, content B; 'simple' configuration).
 */
import { SEARCH_MAX_TERMS } from '@chorus/core';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** The posts' search vector; not declared in schema.ts so that row selects leave it out. */
export const SEARCH_VECTOR = sql.raw('"posts"."search_vector"');

/**
 * The tsquery text of a user's search: every run of letters or digits becomes a prefix term
 * (`compl:*`) and all terms must match. Only letters and digits reach to_tsquery, so no input
 * can inject tsquery operators; null when the text has no words.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}

/** The tsquery value of a search (passed as a parameter, or a prepared query's placeholder). */
export function tsQuery(query: string | Placeholder): SQL {
  return sql`to_tsquery('simple', ${query})`;
}

/** Matches posts against a search's tsquery text (prefixTsQuery), or a placeholder for it. */
export function searchMatches(tsquery: string | Placeholder): SQL {
  return sql`${SEARCH_VECTOR} @@ ${tsQuery(tsquery)}`;
}

/** The relevance of a post to a search's tsquery text, for ordering (higher first). */
export function searchRank(tsquery: string | Placeholder): SQL<number> {
  return sql<number>`ts_rank(${SEARCH_VECTOR}, ${tsQuery(tsquery)})`;
}
