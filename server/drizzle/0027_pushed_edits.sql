CREATE TABLE "pushed_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"share_id" integer NOT NULL,
	"admin_user_id" integer,
	"content" text NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "pushed_edits_status_known" CHECK ("pushed_edits"."status" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "pushed_edits" ADD CONSTRAINT "pushed_edits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushed_edits" ADD CONSTRAINT "pushed_edits_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushed_edits" ADD CONSTRAINT "pushed_edits_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pushed_edits_one_new_key" ON "pushed_edits" USING btree ("share_id") WHERE "pushed_edits"."status" = 0;