-- A post's topics, as the contract presents them ([{id, name}], main topic first, then by name),
-- kept on the post by triggers: building them per read (a join, an ordered aggregate and a JSON
-- object per topic) was a third of the database's time for an uncached feed. The column is
-- created here and not declared in schema.ts, like search_vector: reads that present posts
-- select it (queries/post-extras.ts), and every other `select().from(posts)` leaves it out.
CREATE OR REPLACE FUNCTION post_topics_of(post integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name) ORDER BY pc.position, lower(c.name), c.id), '[]'::jsonb)
  FROM post_categories pc JOIN categories c ON c.id = pc.category_id
  WHERE pc.post_id = post
$$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "topics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Statement-level triggers with transition tables, so a bulk insert of topics updates each post
-- once. A topic's deletion cascades to post_categories, whose delete trigger then runs.
CREATE OR REPLACE FUNCTION posts_keep_topics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch only names the transition tables its trigger defines (plpgsql plans lazily).
  IF TG_OP = 'INSERT' THEN
    UPDATE posts p SET topics = post_topics_of(p.id) WHERE p.id IN (SELECT post_id FROM new_topics);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE posts p SET topics = post_topics_of(p.id) WHERE p.id IN (SELECT post_id FROM old_topics);
  ELSE
    UPDATE posts p SET topics = post_topics_of(p.id)
    WHERE p.id IN (SELECT post_id FROM new_topics UNION SELECT post_id FROM old_topics);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER post_categories_topics_insert AFTER INSERT ON post_categories
  REFERENCING NEW TABLE AS new_topics FOR EACH STATEMENT EXECUTE FUNCTION posts_keep_topics();--> statement-breakpoint
CREATE TRIGGER post_categories_topics_delete AFTER DELETE ON post_categories
  REFERENCING OLD TABLE AS old_topics FOR EACH STATEMENT EXECUTE FUNCTION posts_keep_topics();--> statement-breakpoint
CREATE TRIGGER post_categories_topics_update AFTER UPDATE ON post_categories
  REFERENCING OLD TABLE AS old_topics NEW TABLE AS new_topics FOR EACH STATEMENT EXECUTE FUNCTION posts_keep_topics();--> statement-breakpoint
-- A renamed topic renames itself on its posts (and may reorder them: topics after the main one go by name).
CREATE OR REPLACE FUNCTION posts_rename_topics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET topics = post_topics_of(p.id)
  WHERE p.id IN (
    SELECT pc.post_id FROM post_categories pc
    JOIN new_names n ON n.id = pc.category_id
    JOIN old_names o ON o.id = n.id
    WHERE o.name IS DISTINCT FROM n.name
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_topics_rename AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_names NEW TABLE AS new_names FOR EACH STATEMENT EXECUTE FUNCTION posts_rename_topics();--> statement-breakpoint
UPDATE posts p SET topics = post_topics_of(p.id) WHERE p.id IN (SELECT post_id FROM post_categories);
