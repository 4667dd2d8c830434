-- The ledger is append-only: entries and transactions are never changed or removed.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- House accounts, 16 shards each, so no single house row is updated by every movement.
INSERT INTO accounts (owner_id, kind, shard)
SELECT NULL, k.kind, s.shard
FROM unnest(ARRAY[
  'house:deposits', 'house:withdrawals_pending', 'house:withdrawals_paid', 'house:adjustments',
  'house:stakes', 'house:payouts', 'house:commission', 'house:bonus'
]) AS k(kind)
CROSS JOIN generate_series(0, 15) AS s(shard)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Players registered before the wallet get their affiliate account.
INSERT INTO accounts (owner_id, kind)
SELECT id, 'affiliate' FROM users WHERE role = 'player'
ON CONFLICT DO NOTHING;
