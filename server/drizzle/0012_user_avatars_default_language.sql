CREATE TABLE "user_avatars" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"image" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "default_language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "default_language" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A stored en-US was only the old column default: let every existing company follow the spec (fr-CA for company 319).
UPDATE "companies" SET "default_language" = NULL WHERE "default_language" = 'en-US';
