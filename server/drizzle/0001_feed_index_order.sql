DROP INDEX "posts_company_created_idx";--> statement-breakpoint
DROP INDEX "posts_company_featured_idx";--> statement-breakpoint
CREATE INDEX "posts_company_created_idx" ON "posts" USING btree ("company_id","created" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_company_featured_idx" ON "posts" USING btree ("company_id","created" DESC NULLS FIRST) WHERE "posts"."is_featured";