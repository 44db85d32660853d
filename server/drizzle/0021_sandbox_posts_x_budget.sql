CREATE TABLE "sandbox_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"network" smallint NOT NULL,
	"external_id" text NOT NULL,
	"author_name" text NOT NULL,
	"page_name" text,
	"text" text NOT NULL,
	"link" text,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"share_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_posts_network_shareable" CHECK ("sandbox_posts"."network" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "x_post_budget" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_posts" ADD CONSTRAINT "sandbox_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "x_post_budget" ADD CONSTRAINT "x_post_budget_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_posts_company_created_idx" ON "sandbox_posts" USING btree ("company_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_posts_network_share_key" ON "sandbox_posts" USING btree ("network","share_id");--> statement-breakpoint
CREATE INDEX "x_post_budget_created_idx" ON "x_post_budget" USING btree ("created");--> statement-breakpoint
CREATE INDEX "x_post_budget_user_created_idx" ON "x_post_budget" USING btree ("user_id","created");