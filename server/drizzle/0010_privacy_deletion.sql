ALTER TABLE "post_shares" DROP CONSTRAINT "post_shares_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "post_shares" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "data_removal_email" text;--> statement-breakpoint
ALTER TABLE "post_shares" ADD CONSTRAINT "post_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;