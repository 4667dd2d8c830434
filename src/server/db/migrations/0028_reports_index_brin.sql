DROP INDEX "ledger_transactions_created_kind_idx";--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_brin" ON "ledger_transactions" USING brin ("created_at");