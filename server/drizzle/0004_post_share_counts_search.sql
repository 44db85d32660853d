-- Search: pg_trgm (a trusted contrib extension on PostgreSQL; loaded by the PGlite constructor)
-- and an immutable "#tag #tag" of the hashtags, since array_to_string() is only stable and
-- index expressions must be immutable. For text[] its output cannot change, so IMMUTABLE is true.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_hashtags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT '#' || array_to_string(tags, ' #') $$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "twitter_shares" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "facebook_shares" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "linkedin_shares" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "share_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_company_share_count_idx" ON "posts" USING btree ("company_id","share_count" DESC NULLS FIRST,"created" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops,"content" gin_trgm_ops,(post_hashtags_text("hashtags")) gin_trgm_ops);--> statement-breakpoint
-- Share counters on posts: statement-level triggers with transition tables, so a bulk insert
-- of shares updates each post once instead of once per share row.
CREATE OR REPLACE FUNCTION posts_count_shares() RETURNS trigger LANGUAGE plpgsql AS $$
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
      FROM new_shares GROUP BY post_id
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
      FROM old_shares GROUP BY post_id
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
        SELECT post_id, network, 1 AS delta FROM new_shares
        UNION ALL
        SELECT post_id, network, -1 AS delta FROM old_shares
      ) c
      GROUP BY post_id
    ) d
    WHERE p.id = d.post_id AND (d.total <> 0 OR d.twitter <> 0 OR d.facebook <> 0 OR d.linkedin <> 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER post_shares_count_insert AFTER INSERT ON post_shares
  REFERENCING NEW TABLE AS new_shares FOR EACH STATEMENT EXECUTE FUNCTION posts_count_shares();--> statement-breakpoint
CREATE TRIGGER post_shares_count_delete AFTER DELETE ON post_shares
  REFERENCING OLD TABLE AS old_shares FOR EACH STATEMENT EXECUTE FUNCTION posts_count_shares();--> statement-breakpoint
CREATE TRIGGER post_shares_count_update AFTER UPDATE ON post_shares
  REFERENCING OLD TABLE AS old_shares NEW TABLE AS new_shares FOR EACH STATEMENT EXECUTE FUNCTION posts_count_shares();--> statement-breakpoint
-- Backfill the counters of existing shares.
UPDATE posts p SET
  share_count = d.total,
  twitter_shares = d.twitter,
  facebook_shares = d.facebook,
  linkedin_shares = d.linkedin
FROM (
  SELECT post_id, count(*)::int AS total,
         count(*) FILTER (WHERE network = 1)::int AS twitter,
         count(*) FILTER (WHERE network = 2)::int AS facebook,
         count(*) FILTER (WHERE network = 3)::int AS linkedin
  FROM post_shares GROUP BY post_id
) d
WHERE p.id = d.post_id;