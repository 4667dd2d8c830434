-- A round is one draw: its lottery and its scheduled slot (draw date, round number), never a time an
-- operator can move (DESIGN.md §6, docs/decisions/033). The old key (lottery, close time) let the planner
-- insert a second round of a draw once closing early or cancelling had moved the first one's close time.
ALTER TABLE "rounds" ADD COLUMN "holds_slot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "twin_of" bigint;--> statement-breakpoint
-- Of the twins such a move left, the draw's round is the one with a result, else the first planned; the
-- others keep holds_slot false and are cancelled and refunded by the start-up step (lottery/twins.ts),
-- since refunds go through the ledger's posting primitive as the admin's cancel does.
UPDATE "rounds" r SET "holds_slot" = true FROM (
  SELECT DISTINCT ON ("lottery_id", "draw_date", "round_no") "id" FROM "rounds"
  ORDER BY "lottery_id", "draw_date", "round_no", ("status" = 'add award') DESC, "id"
) k WHERE r."id" = k."id";--> statement-breakpoint
-- The twins found here, and only these, are the start-up step's to cancel: a round made by hand after this
-- migration (a test's, the benchmark's) holds no slot but is no twin.
UPDATE "rounds" r SET "twin_of" = k."id" FROM "rounds" k
WHERE k."holds_slot" AND NOT r."holds_slot"
  AND k."lottery_id" = r."lottery_id" AND k."draw_date" = r."draw_date" AND k."round_no" = r."round_no";--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_lottery_slot_key" ON "rounds" USING btree ("lottery_id","draw_date","round_no") WHERE "rounds"."holds_slot";--> statement-breakpoint
DROP INDEX "rounds_lottery_close_key";--> statement-breakpoint
CREATE INDEX "rounds_lottery_close_idx" ON "rounds" USING btree ("lottery_id","close_at");
