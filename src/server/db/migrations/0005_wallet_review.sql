DROP INDEX "deposit_requests_open_amount_key";--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_live_amount_key" ON "deposit_requests" USING btree ("amount") WHERE "deposit_requests"."state" in ('open', 'used');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_once_key" ON "ledger_transactions" USING btree ("kind","reference") WHERE "ledger_transactions"."kind" in ('deposit', 'withdrawal.hold', 'withdrawal.paid', 'withdrawal.refund');--> statement-breakpoint
-- TRUNCATE skips row triggers: refuse it too on the append-only ledger.
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
