CREATE TABLE "rg_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rg_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_audit_actor_check" CHECK ("rg_audit"."actor" in ('player', 'operator', 'system'))
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	CONSTRAINT "rg_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "rg_limits_kind_check" CHECK ("rg_limits"."kind" in ('deposit', 'stake', 'loss')),
	CONSTRAINT "rg_limits_period_check" CHECK ("rg_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "rg_limits_amount_positive" CHECK ("rg_limits"."amount" > 0),
	CONSTRAINT "rg_limits_pending_check" CHECK ("rg_limits"."pending_amount" is null or ("rg_limits"."pending_at" is not null and "rg_limits"."pending_amount" > "rg_limits"."amount"))
);
--> statement-breakpoint
CREATE TABLE "rg_reality_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rg_reality_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"prompted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "rg_reality_checks_answer_check" CHECK ("rg_reality_checks"."answer" is null or "rg_reality_checks"."answer" in ('continue', 'signout'))
);
--> statement-breakpoint
CREATE TABLE "rg_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reality_minutes" integer DEFAULT 60,
	"session_started_at" timestamp with time zone,
	"reality_due_at" timestamp with time zone,
	"break_kind" text,
	"break_started_at" timestamp with time zone,
	"break_until" timestamp with time zone,
	"return_requested_at" timestamp with time zone,
	"has_stake_limits" boolean DEFAULT false NOT NULL,
	CONSTRAINT "rg_state_reality_check" CHECK ("rg_state"."reality_minutes" is null or "rg_state"."reality_minutes" in (15, 30, 60, 120)),
	CONSTRAINT "rg_state_break_check" CHECK (("rg_state"."break_kind" is null and "rg_state"."break_until" is null) or ("rg_state"."break_kind" in ('timeout', 'self_exclusion') and "rg_state"."break_until" is not null and "rg_state"."break_started_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "rg_audit" ADD CONSTRAINT "rg_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_reality_checks" ADD CONSTRAINT "rg_reality_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_state" ADD CONSTRAINT "rg_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_audit_user_idx" ON "rg_audit" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_reality_checks_due_key" ON "rg_reality_checks" USING btree ("user_id","due_at");