-- Sessions are bound to the company they were started for. An existing session keeps working
-- in its user's first company; a user with none has no session to keep.
ALTER TABLE "sessions" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "sessions" SET "company_id" = (
  SELECT "m"."company_id" FROM "memberships" "m" WHERE "m"."user_id" = "sessions"."user_id"
  ORDER BY "m"."created", "m"."company_id" LIMIT 1
);--> statement-breakpoint
DELETE FROM "sessions" WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
