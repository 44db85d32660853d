ALTER TABLE "companies" ADD COLUMN "sign_up_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Everyone who already has an account arrived by a way that proves the address (seeded, invited, SSO) or predates the rule: confirmed as of joining.
UPDATE "users" SET "email_confirmed_at" = "created";
