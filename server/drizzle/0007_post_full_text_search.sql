-- Library search moves from trigram ILIKE to full-text search: a stored generated tsvector of
-- title (weight A), hashtags (A) and content (B) with a GIN index, queried with prefix terms and
-- ranked with ts_rank. The 'simple' configuration (no stemming, no stop words) because the
-- library's posts may be in any of the four interface languages; prefix matching covers most
-- inflections. The column is not declared in schema.ts (see the note on the posts table).
DROP INDEX "posts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, "title"), 'A')
  || setweight(to_tsvector('simple'::regconfig, coalesce(post_hashtags_text("hashtags"), '')), 'A')
  || setweight(to_tsvector('simple'::regconfig, "content"), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector");
