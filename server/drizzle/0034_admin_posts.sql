-- The admin console's posts (issue 47 "Content"): who wrote a post, its suggested caption per
-- network, and a deletion that can be undone for POST_RESTORE_DAYS (status 5 keeps it out of the
-- library, deleted_status is what a restore gives back; jobs/purge-deleted-posts.ts removes it
-- for good later). Drafts (3) and unpublished posts (4) are new statuses, no column of their own.
ALTER TABLE "posts" ADD COLUMN "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "captions" jsonb DEFAULT '{"twitter":null,"facebook":null,"linkedin":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "deleted_status" smallint;--> statement-breakpoint
-- A draft saved with no start goes live when it is published; "start" (not null) waits as a placeholder.
ALTER TABLE "posts" ADD COLUMN "starts_on_publish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_deleted_idx" ON "posts" ("deleted_at") WHERE "deleted_at" IS NOT NULL;
