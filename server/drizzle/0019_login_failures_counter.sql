DROP INDEX "login_failures_email_key_created_idx";--> statement-breakpoint
-- One counter row per address from now on: the rows of single failures (at most 15 minutes of them) are dropped, which only lifts current locks.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "failures" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "login_failures_email_key_key" ON "login_failures" USING btree ("email_key");