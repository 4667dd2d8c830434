-- The only writer of balances and ledger rows (docs/decisions/005, 013). One balanced movement of a
-- kind from movement_kinds: the amounts (satang; positive credits, negative debits, none zero) sum to
-- zero over at least two distinct accounts. Accounts are locked in the ledger's one order (by id, as
-- ledger_lock), each player's debit is guarded (a player's balance never goes below zero; house
-- accounts may: they are the house's side of the books), and the movement and its entries are written
-- in one statement. Refuses with the refusal insufficient_funds (SQLSTATE LR000) when a player lacks the
-- amount; anything else wrong (unbalanced, an account named twice or missing) is a bug and raises. Runs
-- inside the caller's transaction: the caller's rows and the money commit together or not at all.
-- Returns the movement's id and each account's balance after it, in the order the accounts were given.
-- Two-account movements (a bet, a deposit, a refund) take the short path: two guarded single-row updates.
-- It runs as the owner (SECURITY DEFINER): the serving role may not update balances nor write ledger
-- rows itself (src/server/db/serving-role.ts), so this is the only way money moves. Every table is named
-- with its schema, so nothing the caller creates can stand in for one.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_reference text, p_actor uuid, p_note text, p_accounts bigint[], p_amounts bigint[],
  OUT transaction_id bigint, OUT balances bigint[]
) LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  v_n int := coalesce(array_length(p_accounts, 1), 0);
  v_after bigint;
  v_moved int;
  v_ids bigint[];
  v_short bigint;
  v_unbalanced boolean;
  i int;
BEGIN
  IF array_position(p_accounts, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'movement % names an account that does not exist (a house account missing?): %', p_kind, p_accounts;
  END IF;
  IF v_n = 2 THEN
    v_unbalanced := coalesce(array_length(p_amounts, 1), 0) <> 2 OR p_amounts[1] + p_amounts[2] <> 0 OR p_amounts[1] = 0
      OR p_accounts[1] = p_accounts[2];
  ELSE
    v_unbalanced := v_n < 2 OR v_n <> coalesce(array_length(p_amounts, 1), 0)
      OR array_position(p_amounts, NULL) IS NOT NULL
      OR (SELECT sum(x) <> 0 OR bool_or(x = 0) FROM unnest(p_amounts) AS x) OR (SELECT count(DISTINCT x) <> v_n FROM unnest(p_accounts) AS x);
  END IF;
  IF v_unbalanced IS NOT FALSE THEN
    RAISE EXCEPTION 'unbalanced movement %: % over %', p_kind, p_amounts, p_accounts;
  END IF;
  IF v_n = 2 THEN
    -- Each row is locked by its own guarded update, in id order.
    i := CASE WHEN p_accounts[1] < p_accounts[2] THEN 1 ELSE 2 END;
    UPDATE public.accounts a SET balance = a.balance + p_amounts[i]
      WHERE a.id = p_accounts[i] AND (a.owner_id IS NULL OR a.balance + p_amounts[i] >= 0)
      RETURNING a.balance INTO v_after;
    IF FOUND THEN
      balances[i] := v_after;
      i := 3 - i;
      UPDATE public.accounts a SET balance = a.balance + p_amounts[i]
        WHERE a.id = p_accounts[i] AND (a.owner_id IS NULL OR a.balance + p_amounts[i] >= 0)
        RETURNING a.balance INTO v_after;
      IF FOUND THEN balances[i] := v_after; END IF;
    END IF;
    IF NOT FOUND THEN v_short := p_accounts[i]; END IF;
  ELSE
    -- Many accounts (a settlement batch): all locked in order first, then moved in one statement.
    -- Unqualified: this release's ledger_lock, in the schema the caller's search path names first
    -- (docs/decisions/054); no role that calls this can create a function in any schema of that path.
    IF ledger_lock(p_accounts) <> v_n THEN
      RAISE EXCEPTION 'movement % names an account that does not exist: %', p_kind, p_accounts;
    END IF;
    WITH moved AS (
      UPDATE public.accounts a SET balance = a.balance + c.m FROM unnest(p_accounts, p_amounts) AS c(id, m)
      WHERE a.id = c.id AND (a.owner_id IS NULL OR a.balance + c.m >= 0)
      RETURNING a.id, a.balance
    )
    SELECT count(m.id), array_agg(m.id) FILTER (WHERE m.id IS NOT NULL), array_agg(m.balance ORDER BY x.o)
      INTO v_moved, v_ids, balances
      FROM unnest(p_accounts) WITH ORDINALITY AS x(id, o) LEFT JOIN moved m ON m.id = x.id;
    IF v_moved < v_n THEN
      SELECT c.id INTO v_short FROM unnest(p_accounts) AS c(id) WHERE c.id <> ALL (coalesce(v_ids, '{}')) LIMIT 1;
    END IF;
  END IF;
  IF v_short IS NOT NULL THEN
    IF NOT EXISTS (SELECT 1 FROM public.accounts a WHERE a.id = v_short) THEN
      RAISE EXCEPTION 'movement % names an account that does not exist: %', p_kind, v_short;
    END IF;
    -- Nothing of this movement may stay: the refusal aborts the caller's transaction (or subtransaction).
    RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'insufficient_funds', DETAIL = json_build_object('accountId', v_short)::text;
  END IF;
  WITH t AS (
    INSERT INTO public.ledger_transactions (kind, reference, actor_id, note) VALUES (p_kind, p_reference, p_actor, p_note) RETURNING id
  ), e AS (
    INSERT INTO public.ledger_entries (transaction_id, account_id, amount, balance_after)
    SELECT t.id, u.a, u.m, u.b FROM t, unnest(p_accounts, p_amounts, balances) AS u(a, m, b)
  )
  SELECT t.id INTO transaction_id FROM t;
END;
$$;
