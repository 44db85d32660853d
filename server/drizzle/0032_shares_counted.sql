-- Share-intent loops (issue 52 item 9): an intent share (the network's own share dialog)
-- counts once per member, post and network per UTC day; more completions are kept but not
-- counted. The posts' counters count published shares that count.
ALTER TABLE "shares" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
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
      FROM new_shares WHERE state = 'published' AND counted GROUP BY post_id
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
      FROM old_shares WHERE state = 'published' AND counted GROUP BY post_id
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
        SELECT post_id, network, 1 AS delta FROM new_shares WHERE state = 'published' AND counted
        UNION ALL
        SELECT post_id, network, -1 AS delta FROM old_shares WHERE state = 'published' AND counted
      ) c
      GROUP BY post_id
    ) d
    WHERE p.id = d.post_id AND (d.total <> 0 OR d.twitter <> 0 OR d.facebook <> 0 OR d.linkedin <> 0);
  END IF;
  RETURN NULL;
END
$$;
