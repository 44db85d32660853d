ALTER TABLE "shares" ADD COLUMN "likes" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "comments" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "reshares" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "impressions" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "metrics_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shares_metrics_idx" ON "shares" USING btree ("metrics_at") WHERE "shares"."state" = 'published' and "shares"."network_post_id" is not null;