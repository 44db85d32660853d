ALTER TABLE "posts" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "posts_unannounced_idx" ON "posts" USING btree ("start") WHERE "posts"."announced_at" is null;--> statement-breakpoint
-- Posts that were live before this migration are history, not news.
UPDATE "posts" SET "announced_at" = "start" WHERE "start" <= now();
