CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"subdomain" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"logo" text,
	"favicon" text,
	"background_image" text,
	"explainer" text,
	"tint_color" text DEFAULT '#1f6feb' NOT NULL,
	"social_media_policy" text,
	"sso_settings" jsonb DEFAULT '{"saml_enabled":false,"saml_url":null,"google_enabled":false}'::jsonb NOT NULL,
	"social_sign_in" jsonb DEFAULT '[false,false,false,false,false,false,false]'::jsonb NOT NULL,
	"feature_toggles" jsonb DEFAULT '{"twitter_enabled":true,"facebook_enabled":true,"linkedin_enabled":true,"email_login_enabled":true,"user_ai_enabled":false,"notifications_enabled":true,"native_video_enabled":true,"auto_queue_enabled":true,"post_interactions_enabled":true,"post_comments_enabled":true,"post_reactions_enabled":true,"copy_link_enabled":true,"share_via_email_enabled":true,"featured_posts":true,"multiple_leaderboards_enabled":false,"compliance_enabled":false,"rewards_enabled":false,"leader_board_enabled":true}'::jsonb NOT NULL,
	"default_language" text DEFAULT 'en-US' NOT NULL,
	"skip_onboarding" boolean DEFAULT false NOT NULL,
	"dashboard_enabled" boolean DEFAULT false NOT NULL,
	"interaction_bar_enabled" boolean DEFAULT true NOT NULL,
	"teams_tenant_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_subdomain_lower" CHECK ("companies"."subdomain" = lower("companies"."subdomain"))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_id_company_id_pk" PRIMARY KEY("user_id","company_id"),
	CONSTRAINT "memberships_role_range" CHECK ("memberships"."role" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "post_categories" (
	"post_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "post_categories_post_id_category_id_pk" PRIMARY KEY("post_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "post_reactions" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reactions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"network" smallint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_shares_network_shareable" CHECK ("post_shares"."network" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"additional_content" text,
	"url" text,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"attachment" jsonb,
	"media" jsonb DEFAULT '{"images":[],"videos":[]}'::jsonb NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"twitter" boolean DEFAULT true NOT NULL,
	"facebook" boolean DEFAULT true NOT NULL,
	"linkedin" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"reactions_enabled" boolean DEFAULT true NOT NULL,
	"comments_enabled" boolean DEFAULT true NOT NULL,
	"start" timestamp with time zone DEFAULT now() NOT NULL,
	"expiration" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"suggested_by" integer
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams_conversations" (
	"conversation_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"aad_object_id" text,
	"service_url" text NOT NULL,
	"reference" jsonb NOT NULL,
	"locale" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"avatar" text,
	"settings" jsonb DEFAULT '{"ai":{"consent_granted":false,"job_title":"","goal":"","default_tone":"Professional"},"intelligence":{"post_recommendations_enabled":true},"email_updates":{"manual_updates":true},"leader_board":{"show_in_leader_board":true},"post_queue":{"twitter":{"auto_queue_enabled":false,"post_queue_time":[{"hour":9,"minute":15,"ampm":0}],"post_queue_weekday":{"su":false,"mo":true,"tu":true,"we":true,"th":true,"fr":true,"sa":false}},"facebook":{"auto_queue_enabled":false,"post_queue_time":[{"hour":9,"minute":15,"ampm":0}],"post_queue_weekday":{"su":false,"mo":true,"tu":true,"we":true,"th":true,"fr":true,"sa":false}},"linkedin":{"auto_queue_enabled":false,"post_queue_time":[{"hour":9,"minute":15,"ampm":0}],"post_queue_weekday":{"su":false,"mo":true,"tu":true,"we":true,"th":true,"fr":true,"sa":false}}},"notifications":{"email_suggested_post_approved":true,"push_suggested_post_approved":true,"email_post_commented":true,"push_post_commented":true,"email_post_liked":true,"push_post_liked":true,"email_post_auto_queue":true,"push_post_auto_queue":true,"email_relink_social_account":true,"push_relink_social_account":true,"email_post_shared":true,"push_post_shared":true}}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_shares" ADD CONSTRAINT "post_shares_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_shares" ADD CONSTRAINT "post_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_shares" ADD CONSTRAINT "post_shares_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_company_id_name_key" ON "categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_subdomain_key" ON "companies" USING btree ("subdomain");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_teams_tenant_id_key" ON "companies" USING btree ("teams_tenant_id");--> statement-breakpoint
CREATE INDEX "memberships_company_id_idx" ON "memberships" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "post_categories_category_id_idx" ON "post_categories" USING btree ("category_id","post_id");--> statement-breakpoint
CREATE INDEX "post_reactions_user_id_idx" ON "post_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_shares_post_id_idx" ON "post_shares" USING btree ("post_id","network");--> statement-breakpoint
CREATE INDEX "post_shares_user_idx" ON "post_shares" USING btree ("company_id","user_id","post_id");--> statement-breakpoint
CREATE INDEX "posts_company_created_idx" ON "posts" USING btree ("company_id","created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_company_featured_idx" ON "posts" USING btree ("company_id","created" DESC NULLS LAST) WHERE "posts"."is_featured";--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teams_conversations_tenant_id_idx" ON "teams_conversations" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");