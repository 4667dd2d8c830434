CREATE TABLE "lotteries" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"category" text NOT NULL,
	"result_kind" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_awards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "round_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"award_type" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "round_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"event" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lottery_id" text NOT NULL,
	"round_no" integer NOT NULL,
	"draw_date" date NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_status_check" CHECK ("rounds"."status" in ('open', 'closed', 'add award', 'cancel activity')),
	CONSTRAINT "rounds_times_check" CHECK ("rounds"."open_at" < "rounds"."close_at" and "rounds"."close_at" <= "rounds"."result_at")
);
--> statement-breakpoint
CREATE TABLE "user_cache" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"val" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_cache_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "round_awards" ADD CONSTRAINT "round_awards_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_events" ADD CONSTRAINT "round_events_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_awards_round_idx" ON "round_awards" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "round_events_round_idx" ON "round_events" USING btree ("round_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_lottery_close_key" ON "rounds" USING btree ("lottery_id","close_at");--> statement-breakpoint
CREATE INDEX "rounds_status_close_idx" ON "rounds" USING btree ("status","close_at");--> statement-breakpoint
CREATE INDEX "rounds_draw_date_idx" ON "rounds" USING btree ("draw_date");