CREATE TABLE "daily_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "daily_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"level" text NOT NULL,
	"multiplier_x100" integer NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"amount" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"vested" boolean NOT NULL,
	"vest_stake" bigint,
	"vest_deadline" timestamp with time zone,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_lots_kind_check" CHECK ("point_lots"."kind" in ('bet', 'deposit', 'adjust')),
	CONSTRAINT "point_lots_remaining_check" CHECK ("point_lots"."remaining" >= 0 and "point_lots"."remaining" <= "point_lots"."amount" and "point_lots"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"slot_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_redemptions_positive" CHECK ("point_redemptions"."score" > 0 and "point_redemptions"."bonus" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_log_kind_check" CHECK ("points_log"."kind" in ('bet', 'deposit', 'vest', 'lapse', 'redeem', 'expire', 'adjust', 'reversal'))
);
--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_log" ADD CONSTRAINT "points_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_levels_user_idx" ON "member_levels" USING btree ("user_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "point_lots_source_key" ON "point_lots" USING btree ("user_id","source");--> statement-breakpoint
CREATE INDEX "point_lots_user_idx" ON "point_lots" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "point_lots_open_idx" ON "point_lots" USING btree ("expires_at") WHERE "point_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "point_redemptions_user_idx" ON "point_redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_log_source_key" ON "points_log" USING btree ("user_id","kind","source");--> statement-breakpoint
CREATE INDEX "points_log_user_idx" ON "points_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE TRIGGER points_log_append_only BEFORE UPDATE OR DELETE ON points_log FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER points_log_no_truncate BEFORE TRUNCATE ON points_log FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
INSERT INTO movement_kinds (kind) VALUES ('bonus.redeem');
