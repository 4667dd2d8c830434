CREATE TABLE "round_winning_pairs" (
	"round_id" bigint NOT NULL,
	"bet_type" text NOT NULL,
	"number" text NOT NULL,
	CONSTRAINT "round_winning_pairs_round_id_bet_type_number_pk" PRIMARY KEY("round_id","bet_type","number")
);
--> statement-breakpoint
DROP INDEX "slip_lines_unsettled_idx";--> statement-breakpoint
ALTER TABLE "round_winning_pairs" ADD CONSTRAINT "round_winning_pairs_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slip_lines_round_number_idx" ON "slip_lines" USING btree ("round_id","bet_type","number");