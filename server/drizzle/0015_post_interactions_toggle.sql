-- The post card's bar now follows the post_interactions_enabled feature toggle (spec): each
-- company keeps the bar it had, its interaction_bar_enabled value moving into the toggle.
UPDATE "companies" SET "feature_toggles" = jsonb_set("feature_toggles", '{post_interactions_enabled}', to_jsonb("interaction_bar_enabled"));--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "interaction_bar_enabled";
