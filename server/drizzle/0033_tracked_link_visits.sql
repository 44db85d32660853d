-- Tracked links count people, not fetches (issue 52 item 8): every visit is kept in the link's
-- raw count; a click counts (post_clicks, the link_clicked event, clicks) once per visitor per
-- link per UTC day, and never for a crawler, a link-preview fetcher, a HEAD or a prefetch. A
-- visitor is an HMAC of the day, address and user agent (lib/visitor-key.ts): no address is kept.
ALTER TABLE "share_links" ADD COLUMN "raw_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "link_visits" (
  "link_id" integer NOT NULL REFERENCES "share_links"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "visitor" text NOT NULL,
  PRIMARY KEY ("link_id", "day", "visitor")
);--> statement-breakpoint
CREATE INDEX "link_visits_day_idx" ON "link_visits" ("day");
