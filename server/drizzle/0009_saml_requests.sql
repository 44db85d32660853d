CREATE TABLE "saml_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"value" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saml_requests" ADD CONSTRAINT "saml_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_requests_created_idx" ON "saml_requests" USING btree ("created");