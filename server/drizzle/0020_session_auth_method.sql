ALTER TABLE "sessions" ADD COLUMN "auth_method" jsonb;--> statement-breakpoint
-- Social identities used to be linked on an e-mail the network (or the sandbox's typist) merely
-- claimed. Such links cannot be told from proven ones, so every social link is dropped: the
-- owner proves the address once more through the verification mail. SAML and Google links
-- were made on e-mails the company's own IdP or client asserted and stay.
UPDATE "external_identities" SET "user_id" = NULL WHERE "provider" <> 'google' AND "provider" NOT LIKE 'saml:%';
