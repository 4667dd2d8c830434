-- The one lock order of the ledger: house accounts first, then players' accounts, each by id. Every
-- transaction that moves money locks its accounts in this order (ledger_post does; a transaction that
-- will make several movements calls this first with all their accounts), so two of them never wait on
-- each other in a cycle. Returns how many accounts it locked.
CREATE OR REPLACE FUNCTION ledger_lock(p_accounts bigint[]) RETURNS int LANGUAGE sql AS $$
  SELECT count(*)::int FROM (
    SELECT 1 FROM accounts a WHERE a.id = ANY (p_accounts) ORDER BY (a.owner_id IS NOT NULL), a.id FOR UPDATE
  ) locked
$$;
