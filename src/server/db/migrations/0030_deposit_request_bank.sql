ALTER TABLE "deposit_requests" ADD COLUMN "site_bank_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD COLUMN "promptpay_id" text;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_site_bank_id_site_bank_accounts_id_fk" FOREIGN KEY ("site_bank_id") REFERENCES "public"."site_bank_accounts"("id") ON DELETE no action ON UPDATE no action;