-- The admin console's suggestions queue (issue 47 "Suggestions"): who decided on a member's
-- suggestion and when, and for a rejection (status 6) the reason and the note the member reads.
-- An approved suggestion becomes a draft (status 3) and keeps suggested_by, its member's credit.
ALTER TABLE "posts" ADD COLUMN "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_note" text;--> statement-breakpoint
-- The queue: a company's pending (0) and rejected (6) suggestions.
CREATE INDEX "posts_suggestions_idx" ON "posts" ("company_id", "status", "created") WHERE "status" IN (0, 6);
