-- The only writer of balances and ledger rows (docs/decisions/005, 013). One balanced movement of a
-- kind from movement_kinds: the amounts (satang; positive credits, negative debits) sum to zero over at
-- least two accounts. Accounts are locked in the ledger's order (ledger_lock), each player's debit is
-- guarded (a player's balance never goes below zero; house accounts may: they are the house's side of
-- the books), and the movement and its entries are written in one statement. Refuses with the refusal
-- insufficient_funds (SQLSTATE LR000) when a player lacks the amount; anything else wrong (unbalanced,
-- unknown account) is a bug and raises. Runs inside the caller's transaction: the caller's rows and the
-- money commit together or not at all. Returns the movement's id and each account's balance after it.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_reference text, p_actor uuid, p_note text, p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (transaction_id bigint, account_id bigint, balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
  v_amounts bigint[];
  v_sum bigint;
  v_afters bigint[];
  v_moved_ids bigint[];
  v_moved int;
  v_short bigint;
  v_tx bigint;
BEGIN
  -- One amount per account (an account named twice is netted), zero amounts dropped.
  SELECT array_agg(u.a ORDER BY u.a), array_agg(u.m ORDER BY u.a), coalesce(sum(u.m), 0)
    INTO v_ids, v_amounts, v_sum
    FROM (SELECT x.a, sum(x.m)::bigint AS m FROM unnest(p_accounts, p_amounts) AS x(a, m) GROUP BY x.a HAVING sum(x.m) <> 0) u;
  IF v_sum <> 0 OR coalesce(array_length(v_ids, 1), 0) < 2 OR array_position(v_ids, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'unbalanced movement %: % over %', p_kind, v_sum, p_accounts;
  END IF;
  IF ledger_lock(v_ids) <> array_length(v_ids, 1) THEN
    RAISE EXCEPTION 'movement % names an account that does not exist: %', p_kind, v_ids;
  END IF;
  WITH moved AS (
    UPDATE accounts a SET balance = a.balance + c.m
    FROM unnest(v_ids, v_amounts) AS c(id, m)
    WHERE a.id = c.id AND (a.owner_id IS NULL OR a.balance + c.m >= 0)
    RETURNING a.id, a.balance
  )
  SELECT count(*), array_agg(m.balance ORDER BY m.id), array_agg(m.id ORDER BY m.id) INTO v_moved, v_afters, v_moved_ids FROM moved m;
  IF v_moved < array_length(v_ids, 1) THEN
    -- Nothing of this movement may stay: the refusal aborts the caller's transaction (or subtransaction).
    SELECT c.id INTO v_short FROM unnest(v_ids) AS c(id) WHERE c.id <> ALL (coalesce(v_moved_ids, '{}')) LIMIT 1;
    RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'insufficient_funds', DETAIL = json_build_object('accountId', v_short)::text;
  END IF;
  WITH t AS (
    INSERT INTO ledger_transactions (kind, reference, actor_id, note) VALUES (p_kind, p_reference, p_actor, p_note) RETURNING id
  ), e AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    SELECT t.id, u.a, u.m, u.b FROM t, unnest(v_ids, v_amounts, v_afters) AS u(a, m, b)
  )
  SELECT t.id INTO v_tx FROM t;
  RETURN QUERY SELECT v_tx, u.a, u.b FROM unnest(v_ids, v_afters) AS u(a, b);
END;
$$;
