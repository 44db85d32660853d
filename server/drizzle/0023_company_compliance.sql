CREATE TABLE "company_compliance" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"prohibited" text[] DEFAULT '{}'::text[] NOT NULL,
	"limited" text[] DEFAULT '{}'::text[] NOT NULL,
	"threshold" integer DEFAULT 3 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_compliance" ADD CONSTRAINT "company_compliance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;