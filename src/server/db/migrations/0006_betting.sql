CREATE TABLE "digit_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "digit_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"bet_type" text NOT NULL,
	"number" text NOT NULL,
	"new_price_x100" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_digits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draft_digits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"numberlist_str" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lotto_config" (
	"lottery_id" text NOT NULL,
	"bet_type" text NOT NULL,
	"user_type" text NOT NULL,
	"rate_x100" integer NOT NULL,
	"min_stake" integer NOT NULL,
	"max_stake" integer NOT NULL,
	"max_per_number" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_config_lottery_id_bet_type_user_type_pk" PRIMARY KEY("lottery_id","bet_type","user_type"),
	CONSTRAINT "lotto_config_ranges" CHECK ("lotto_config"."rate_x100" >= 0 and "lotto_config"."min_stake" >= 1 and "lotto_config"."max_stake" >= "lotto_config"."min_stake" and "lotto_config"."max_per_number" >= "lotto_config"."max_stake" and "lotto_config"."discount_percent" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "number_exposure" (
	"round_id" bigint NOT NULL,
	"bet_type" text NOT NULL,
	"number" text NOT NULL,
	"total_stake" bigint NOT NULL,
	CONSTRAINT "number_exposure_round_id_bet_type_number_pk" PRIMARY KEY("round_id","bet_type","number"),
	CONSTRAINT "number_exposure_nonnegative" CHECK ("number_exposure"."total_stake" >= 0)
);
--> statement-breakpoint
CREATE TABLE "slip_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slip_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slip_id" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"bet_type" text NOT NULL,
	"number" text NOT NULL,
	"stake" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"rate_x100" integer NOT NULL,
	"result" text,
	"payout" bigint,
	"settled_at" timestamp with time zone,
	CONSTRAINT "slip_lines_result_check" CHECK ("slip_lines"."result" is null or "slip_lines"."result" in ('win', 'lose'))
);
--> statement-breakpoint
CREATE TABLE "slips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"round_id" bigint NOT NULL,
	"total_stake" bigint NOT NULL,
	"total_paid" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"client_datetime" text,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "slips_status_check" CHECK ("slips"."status" in ('active', 'non reactive', 'cancel activity'))
);
--> statement-breakpoint
ALTER TABLE "digit_prices" ADD CONSTRAINT "digit_prices_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_digits" ADD CONSTRAINT "draft_digits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_config" ADD CONSTRAINT "lotto_config_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slip_lines" ADD CONSTRAINT "slip_lines_slip_id_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digit_prices_round_idx" ON "digit_prices" USING btree ("round_id","bet_type","number","created_at");--> statement-breakpoint
CREATE INDEX "draft_digits_user_idx" ON "draft_digits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "slip_lines_slip_idx" ON "slip_lines" USING btree ("slip_id");--> statement-breakpoint
CREATE INDEX "slip_lines_unsettled_idx" ON "slip_lines" USING btree ("round_id","id") WHERE "slip_lines"."result" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "slips_request_key" ON "slips" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "slips_user_idx" ON "slips" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "slips_round_idx" ON "slips" USING btree ("round_id","status");