ALTER TABLE "companies" ALTER COLUMN "skip_onboarding" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "skip_onboarding" DROP NOT NULL;--> statement-breakpoint
-- A stored false was only the old column default: let every existing company follow the spec's list.
UPDATE "companies" SET "skip_onboarding" = NULL WHERE "skip_onboarding" = false;
