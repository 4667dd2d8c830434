CREATE TABLE "affiliate_withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_withdrawals_amount_positive" CHECK ("affiliate_withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_commissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slip_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"round_id" bigint NOT NULL,
	"friend_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"stake" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "referral_commissions_level_check" CHECK ("referral_commissions"."level" in (1, 2)),
	CONSTRAINT "referral_commissions_amounts_check" CHECK ("referral_commissions"."stake" >= 0 and "referral_commissions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_debts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_debts_amount_check" CHECK ("referral_debts"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "commission_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_withdrawals" ADD CONSTRAINT "affiliate_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_slip_id_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_debts" ADD CONSTRAINT "referral_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_withdrawals_user_idx" ON "affiliate_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_slip_level_key" ON "referral_commissions" USING btree ("slip_id","level");--> statement-breakpoint
CREATE INDEX "referral_commissions_referrer_idx" ON "referral_commissions" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_round_idx" ON "referral_commissions" USING btree ("round_id");--> statement-breakpoint
-- Referral commission starts with this release: rounds settled before it owe none.
UPDATE "rounds" SET "commission_settled_at" = now() WHERE "status" IN ('add award', 'cancel activity');
--> statement-breakpoint
INSERT INTO movement_kinds (kind) VALUES ('commission'), ('commission.reversal'), ('affiliate.withdrawal');
