-- The ledger's one lock order (docs/decisions/013): accounts by id, house and players alike. Every
-- transaction that moves money locks its accounts in this order — ledger_post does; a transaction that
-- will make several movements (each alone keeps the order, but two in a row would not) or that locks
-- accounts before other work (place_slips) calls this first with all of them — so two transactions
-- never wait on each other in a cycle. Returns how many accounts it locked. It runs as the owner: the
-- serving role has no UPDATE right on accounts, which a row lock needs.
CREATE OR REPLACE FUNCTION ledger_lock(p_accounts bigint[]) RETURNS int LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  v_locked int;
BEGIN
  SELECT count(*)::int INTO v_locked FROM (SELECT 1 FROM public.accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE) locked;
  RETURN v_locked;
END;
$$;
