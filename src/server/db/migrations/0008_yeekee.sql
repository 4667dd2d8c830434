CREATE TABLE "yeekee_chains" (
	"round_id" bigint PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"head" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yeekee_rewards" (
	"round_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yeekee_rewards_round_id_position_pk" PRIMARY KEY("round_id","position")
);
--> statement-breakpoint
CREATE TABLE "yeekee_shots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "yeekee_shots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"at" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "yeekee_shots_number_check" CHECK ("yeekee_shots"."number" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "yeekee_chains" ADD CONSTRAINT "yeekee_chains_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yeekee_rewards" ADD CONSTRAINT "yeekee_rewards_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yeekee_shots" ADD CONSTRAINT "yeekee_shots_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yeekee_shots" ADD CONSTRAINT "yeekee_shots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "yeekee_shots_round_seq_key" ON "yeekee_shots" USING btree ("round_id","seq");--> statement-breakpoint
CREATE INDEX "yeekee_shots_user_idx" ON "yeekee_shots" USING btree ("round_id","user_id","seq");--> statement-breakpoint
-- Shots are evidence: once recorded they are never changed or removed.
CREATE TRIGGER yeekee_shots_append_only BEFORE UPDATE OR DELETE ON yeekee_shots
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
