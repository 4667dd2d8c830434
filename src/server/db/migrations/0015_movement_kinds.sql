CREATE TABLE "movement_kinds" (
	"kind" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The closed list of money movements (docs/decisions/013; src/domain/movements.ts has the same list).
-- ledger_post() writes every movement; a new kind is added here, in a migration, and in the domain list.
INSERT INTO movement_kinds (kind) VALUES
  ('deposit'), ('withdrawal.hold'), ('withdrawal.paid'), ('withdrawal.refund'), ('adjust.credit'), ('adjust.debit'),
  ('stake'), ('stake.refund'), ('payout'), ('payout.reversal'), ('yeekee.reward');
--> statement-breakpoint
-- NOT VALID: new movements are checked at once, and the migration does not read the whole ledger while it
-- holds its lock; runMigrations validates the existing rows afterwards, outside the migration's
-- transaction, with a lock that lets movements go on (src/server/db/client.ts).
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_movement_kinds_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."movement_kinds"("kind") ON DELETE no action ON UPDATE no action NOT VALID;