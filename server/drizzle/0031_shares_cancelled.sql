-- A queued or scheduled share that no longer passes share now's checks at its time (the post
-- became internal, expired or was unpublished, the company's rules changed, the member left, the
-- network was unlinked) ends `cancelled`, never published (issue 52 item 2).
ALTER TABLE "shares" DROP CONSTRAINT "shares_state_known";--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_state_known" CHECK ("shares"."state" in ('queued', 'publishing', 'published', 'failed', 'unconfirmed', 'cancelled'));
