-- The library's visibility test (status, start, expiration) rides in the feed and list index, so
-- counting a company's live posts (up to 1,001) and choosing a page's ids read the index alone
-- (an index-only scan, about 10 pages) instead of a heap page per post (314 pages for a count).
-- drizzle's index builder has no INCLUDE: schema.ts declares the key columns, this adds the rest.
DROP INDEX "posts_company_created_idx";--> statement-breakpoint
CREATE INDEX "posts_company_created_idx" ON "posts" USING btree ("company_id","created" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status","start","expiration");
