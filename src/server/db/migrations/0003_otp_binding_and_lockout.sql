DROP INDEX "users_bank_account_key";--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD COLUMN "verified_ip" text;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_logins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_bank_no_key" ON "users" USING btree ("bank_no");