CREATE TABLE "post_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer,
	"channel" smallint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_clicks_channel_share_flow" CHECK ("post_clicks"."channel" between 0 and 9)
);
--> statement-breakpoint
CREATE TABLE "post_impressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer,
	"day" date DEFAULT (now() at time zone 'UTC')::date NOT NULL,
	"channel" smallint NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_impressions_channel_share_flow" CHECK ("post_impressions"."channel" between 0 and 9)
);
--> statement-breakpoint
ALTER TABLE "post_clicks" ADD CONSTRAINT "post_clicks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_clicks" ADD CONSTRAINT "post_clicks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_clicks" ADD CONSTRAINT "post_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_impressions" ADD CONSTRAINT "post_impressions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_impressions" ADD CONSTRAINT "post_impressions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_impressions" ADD CONSTRAINT "post_impressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_clicks_post_created_idx" ON "post_clicks" USING btree ("post_id","created");--> statement-breakpoint
CREATE INDEX "post_clicks_company_user_idx" ON "post_clicks" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_impressions_post_user_day_channel_key" ON "post_impressions" USING btree ("post_id","user_id","day","channel");--> statement-breakpoint
CREATE INDEX "post_impressions_company_user_idx" ON "post_impressions" USING btree ("company_id","user_id");