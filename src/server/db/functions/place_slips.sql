-- Slips placed together (docs/decisions/010): the slips that arrive while the instance is busy go to the
-- database in one call and one commit. Every row any of them may change is locked first, in the one
-- global order — their open rounds (key share, as the slips' foreign key would), number exposure rows
-- (round, type, number), then the ledger's order (ledger_lock: one house stakes account for the whole
-- batch, then the players' credit accounts) — so batches running at once, on any instance, wait for each
-- other but never deadlock, nor with a round being finished or settled (round first, then accounts), and
-- a slip's own statements then never wait. Each slip is then placed by place_slip in its own
-- subtransaction: a refused slip is answered with its refusal (JSON: {kind, ...fields}) and rolls back
-- alone; the others go on. A deadlock or serialization failure is not a slip's answer: it aborts the
-- batch, which is run again. Generic plans and no sequential scans for the whole call (decision 010):
-- its statements are keyed lookups, and lotto_config is small enough that the planner would read all of it.
CREATE OR REPLACE FUNCTION place_slips(
  p_users uuid[], p_rounds bigint[], p_user_types text[], p_default_type text, p_request_keys text[], p_client_datetimes text[],
  p_line_counts int[], p_types text[], p_numbers text[], p_stakes bigint[]
) RETURNS TABLE (idx int, slip_id bigint, accepted_at timestamptz, balance bigint, existing boolean, refusal jsonb, transaction_id bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  v_from int := 1;
  v_to int;
  v_state text;
  v_message text;
  v_detail text;
  v_constraint text;
  v_house bigint;
  v_accounts bigint[];
  i int;
BEGIN
  IF coalesce(array_length(p_users, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM rounds r WHERE r.id = ANY (p_rounds) AND r.status = 'open' AND r.close_at > clock_timestamp() ORDER BY r.id FOR KEY SHARE;
  WITH l AS (
    -- Lines are grouped by slip, in order: line o of the flat arrays belongs to slip i.
    SELECT p_rounds[x.i] AS r, p_types[x.o] AS t, exposure_number(p_types[x.o], p_numbers[x.o]) AS e
    FROM (SELECT s.i, row_number() OVER (ORDER BY s.i, g.n) AS o
          FROM unnest(p_line_counts) WITH ORDINALITY AS s(c, i) CROSS JOIN LATERAL generate_series(1, s.c) AS g(n)) x
  ), k AS (
    SELECT DISTINCT l.r, l.t, l.e FROM l JOIN rounds ro ON ro.id = l.r AND ro.status = 'open'
  )
  INSERT INTO number_exposure (round_id, bet_type, number, total_stake)
  SELECT k.r, k.t, k.e, 0 FROM k ORDER BY k.r, k.t, k.e
  ON CONFLICT (round_id, bet_type, number) DO UPDATE SET total_stake = number_exposure.total_stake;
  -- One house stakes account takes the whole batch's stakes (the house side only matters as a sum), so
  -- two batches at once rarely meet there.
  v_house := house_account('house:stakes', floor(random() * house_shards())::bigint);
  -- The players' credit accounts, one per slip (NULL when a player has none).
  SELECT array_agg(a.id ORDER BY u.i) INTO v_accounts
    FROM unnest(p_users) WITH ORDINALITY AS u(id, i) LEFT JOIN accounts a ON a.owner_id = u.id AND a.kind = 'credit';
  PERFORM ledger_lock(v_house || v_accounts);

  FOR i IN 1 .. array_length(p_users, 1) LOOP
    v_to := v_from + p_line_counts[i] - 1;
    BEGIN
      RETURN QUERY SELECT i, s.slip_id, s.accepted_at, s.balance, s.existing, NULL::jsonb, s.transaction_id
        FROM place_slip(p_users[i], v_accounts[i], p_rounds[i], p_user_types[i], p_default_type, p_request_keys[i], p_client_datetimes[i],
          p_types[v_from:v_to], p_numbers[v_from:v_to], p_stakes[v_from:v_to], v_house) s;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL, v_constraint = CONSTRAINT_NAME;
      IF v_state IN ('40P01', '40001', '55P03') THEN RAISE; END IF;
      -- The slip's refusal, its twin already made by another request, or an unexpected error (with its
      -- SQLSTATE): this slip's answer, not the batch's.
      RETURN QUERY SELECT i, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::boolean,
        CASE WHEN v_state = 'LR000' THEN jsonb_build_object('kind', v_message) || coalesce(nullif(v_detail, '')::jsonb, '{}')
             WHEN v_state = '23505' AND v_constraint = 'slips_request_key' THEN '{"kind": "twin"}'::jsonb
             ELSE jsonb_build_object('kind', 'error', 'sqlstate', v_state, 'message', v_message) END, NULL::bigint;
    END;
    v_from := v_to + 1;
  END LOOP;
END;
$$;
