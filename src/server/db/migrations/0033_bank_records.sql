CREATE TABLE "bank_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_bank_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"bank_ref" text,
	"dedupe_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"transferred_at" timestamp with time zone NOT NULL,
	"from_bank" text,
	"from_account" text,
	"from_name" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"pay_record_id" bigint,
	"matched_by" text,
	"matched_at" timestamp with time zone,
	"decided_by" uuid,
	"note" text,
	"returned_at" timestamp with time zone,
	CONSTRAINT "bank_records_amount_positive" CHECK ("bank_records"."amount" > 0),
	CONSTRAINT "bank_records_channel" CHECK ("bank_records"."channel" in ('feed', 'statement')),
	CONSTRAINT "bank_records_state" CHECK ("bank_records"."state" in ('waiting', 'matched', 'returned')),
	CONSTRAINT "bank_records_matched_by" CHECK ("bank_records"."matched_by" in ('system', 'operator')),
	CONSTRAINT "bank_records_matched_link" CHECK (("bank_records"."state" = 'matched') = ("bank_records"."pay_record_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_site_bank_id_site_bank_accounts_id_fk" FOREIGN KEY ("site_bank_id") REFERENCES "public"."site_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_pay_record_id_pay_records_id_fk" FOREIGN KEY ("pay_record_id") REFERENCES "public"."pay_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_records_dedupe_key" ON "bank_records" USING btree ("site_bank_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_records_pay_record_key" ON "bank_records" USING btree ("pay_record_id");--> statement-breakpoint
CREATE INDEX "bank_records_state_idx" ON "bank_records" USING btree ("state","received_at");