CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"post_id" integer,
	"network" smallint,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_drafts" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"network" smallint NOT NULL,
	"content" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_drafts_user_id_post_id_network_pk" PRIMARY KEY("user_id","post_id","network"),
	CONSTRAINT "share_drafts_network_shareable" CHECK ("share_drafts"."network" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"post_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"network" smallint,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_channel_share_flow" CHECK ("share_links"."channel" between 0 and 9)
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"post_id" integer NOT NULL,
	"network" smallint NOT NULL,
	"state" text NOT NULL,
	"method" text DEFAULT 'api' NOT NULL,
	"channel" smallint DEFAULT 9 NOT NULL,
	"page_id" text,
	"content" text DEFAULT '' NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snippet" jsonb,
	"ai_generated" boolean DEFAULT false NOT NULL,
	"ai_efficacy" double precision DEFAULT 1 NOT NULL,
	"link_id" integer,
	"scheduled_at" timestamp with time zone,
	"timezone" text,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"publishing_at" timestamp with time zone,
	"network_post_id" text,
	"network_url" text,
	"error_code" integer,
	"error_reason" text,
	"audience" integer,
	"poll_state" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "shares_network_shareable" CHECK ("shares"."network" in (1, 2, 3)),
	CONSTRAINT "shares_state_known" CHECK ("shares"."state" in ('queued', 'publishing', 'published', 'failed', 'unconfirmed')),
	CONSTRAINT "shares_method_known" CHECK ("shares"."method" in ('api', 'intent')),
	CONSTRAINT "shares_channel_share_flow" CHECK ("shares"."channel" between 0 and 9)
);
--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "feature_toggles" SET DEFAULT '{"twitter_enabled":true,"facebook_enabled":true,"linkedin_enabled":true,"email_login_enabled":true,"user_ai_enabled":false,"notifications_enabled":true,"native_video_enabled":true,"auto_queue_enabled":true,"post_interactions_enabled":true,"post_comments_enabled":true,"post_reactions_enabled":true,"copy_link_enabled":true,"share_via_email_enabled":true,"featured_posts":true,"multiple_leaderboards_enabled":false,"compliance_enabled":false,"rewards_enabled":false,"leader_board_enabled":true,"sharing_enabled":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "post_clicks" ADD COLUMN "network" smallint;--> statement-breakpoint
ALTER TABLE "post_clicks" ADD COLUMN "link_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_drafts" ADD CONSTRAINT "share_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_drafts" ADD CONSTRAINT "share_drafts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_drafts" ADD CONSTRAINT "share_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_created_idx" ON "events" USING btree ("company_id","created");--> statement-breakpoint
CREATE INDEX "events_user_created_idx" ON "events" USING btree ("user_id","created");--> statement-breakpoint
CREATE INDEX "events_post_kind_idx" ON "events" USING btree ("post_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_code_key" ON "share_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_owner_key" ON "share_links" USING btree ("user_id","post_id","channel",coalesce("network", 0)) WHERE "share_links"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "shares_post_network_idx" ON "shares" USING btree ("post_id","network");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "shares" USING btree ("company_id","user_id","post_id");--> statement-breakpoint
CREATE INDEX "shares_due_idx" ON "shares" USING btree ("due_at") WHERE "shares"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "shares_publishing_idx" ON "shares" USING btree ("publishing_at") WHERE "shares"."state" = 'publishing';--> statement-breakpoint
ALTER TABLE "post_clicks" ADD CONSTRAINT "post_clicks_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing companies get the new library-wide sharing switch, on (the column default covers new ones).
UPDATE "companies" SET "feature_toggles" = '{"sharing_enabled": true}'::jsonb || "feature_toggles"
  WHERE NOT ("feature_toggles" ? 'sharing_enabled');--> statement-breakpoint
-- post_shares folds into shares: each old row was a published share (made before share states
-- existed). Copied before the counting triggers exist, so the posts' counters stay as they are.
INSERT INTO "shares" ("company_id", "user_id", "post_id", "network", "state", "method", "channel", "created", "updated", "published_at")
  SELECT "company_id", "user_id", "post_id", "network", 'published', 'api', 9, "created", "created", "created"
  FROM "post_shares" ORDER BY "id";--> statement-breakpoint
DROP TABLE "post_shares" CASCADE;--> statement-breakpoint
-- Share counters on posts count published shares only (intents once completed, unconfirmed
-- shares once the person confirms them). Statement-level triggers with transition tables, as
-- in migration 0004, so bulk changes update each post once.
CREATE OR REPLACE FUNCTION posts_count_published_shares() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch only names the transition tables its trigger defines (plpgsql plans lazily).
  IF TG_OP = 'INSERT' THEN
    UPDATE posts p SET
      share_count = p.share_count + d.total,
      twitter_shares = p.twitter_shares + d.twitter,
      facebook_shares = p.facebook_shares + d.facebook,
      linkedin_shares = p.linkedin_shares + d.linkedin
    FROM (
      SELECT post_id, count(*)::int AS total,
             count(*) FILTER (WHERE network = 1)::int AS twitter,
             count(*) FILTER (WHERE network = 2)::int AS facebook,
             count(*) FILTER (WHERE network = 3)::int AS linkedin
      FROM new_shares WHERE state = 'published' GROUP BY post_id
    ) d
    WHERE p.id = d.post_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE posts p SET
      share_count = p.share_count - d.total,
      twitter_shares = p.twitter_shares - d.twitter,
      facebook_shares = p.facebook_shares - d.facebook,
      linkedin_shares = p.linkedin_shares - d.linkedin
    FROM (
      SELECT post_id, count(*)::int AS total,
             count(*) FILTER (WHERE network = 1)::int AS twitter,
             count(*) FILTER (WHERE network = 2)::int AS facebook,
             count(*) FILTER (WHERE network = 3)::int AS linkedin
      FROM old_shares WHERE state = 'published' GROUP BY post_id
    ) d
    WHERE p.id = d.post_id;
  ELSE
    UPDATE posts p SET
      share_count = p.share_count + d.total,
      twitter_shares = p.twitter_shares + d.twitter,
      facebook_shares = p.facebook_shares + d.facebook,
      linkedin_shares = p.linkedin_shares + d.linkedin
    FROM (
      SELECT post_id, sum(delta)::int AS total,
             coalesce(sum(delta) FILTER (WHERE network = 1), 0)::int AS twitter,
             coalesce(sum(delta) FILTER (WHERE network = 2), 0)::int AS facebook,
             coalesce(sum(delta) FILTER (WHERE network = 3), 0)::int AS linkedin
      FROM (
        SELECT post_id, network, 1 AS delta FROM new_shares WHERE state = 'published'
        UNION ALL
        SELECT post_id, network, -1 AS delta FROM old_shares WHERE state = 'published'
      ) c
      GROUP BY post_id
    ) d
    WHERE p.id = d.post_id AND (d.total <> 0 OR d.twitter <> 0 OR d.facebook <> 0 OR d.linkedin <> 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS posts_count_shares();--> statement-breakpoint
CREATE TRIGGER shares_count_insert AFTER INSERT ON shares
  REFERENCING NEW TABLE AS new_shares FOR EACH STATEMENT EXECUTE FUNCTION posts_count_published_shares();--> statement-breakpoint
CREATE TRIGGER shares_count_delete AFTER DELETE ON shares
  REFERENCING OLD TABLE AS old_shares FOR EACH STATEMENT EXECUTE FUNCTION posts_count_published_shares();--> statement-breakpoint
CREATE TRIGGER shares_count_update AFTER UPDATE ON shares
  REFERENCING OLD TABLE AS old_shares NEW TABLE AS new_shares FOR EACH STATEMENT EXECUTE FUNCTION posts_count_published_shares();
