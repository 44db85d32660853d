-- Failures are counted per address (hashed), unknown addresses included. Existing rows name
-- only an account: they are carried over under its address, which is what sign-in compares.
ALTER TABLE "login_failures" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "email_key" text;--> statement-breakpoint
UPDATE "login_failures" SET "email_key" = encode(sha256(convert_to(lower(trim("u"."email")), 'UTF8')), 'hex')
  FROM "users" "u" WHERE "u"."id" = "login_failures"."user_id";--> statement-breakpoint
DELETE FROM "login_failures" WHERE "email_key" IS NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "email_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_email_key_created_idx" ON "login_failures" USING btree ("email_key","created");
