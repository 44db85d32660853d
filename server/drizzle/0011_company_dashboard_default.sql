ALTER TABLE "companies" ALTER COLUMN "dashboard_enabled" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "dashboard_enabled" DROP NOT NULL;--> statement-breakpoint
-- A stored false was only the old column default: let every existing company follow the spec's list.
UPDATE "companies" SET "dashboard_enabled" = NULL WHERE "dashboard_enabled" = false;
