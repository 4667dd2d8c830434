-- The bet path, lighter (docs/decisions/010).
-- 1. House accounts get 64 shards instead of 16: a bet's house side waits less often behind another
--    bet's on the same shard row (each holds it until its commit).
INSERT INTO accounts (owner_id, kind, shard)
SELECT NULL, k.kind, s.shard
FROM (SELECT DISTINCT kind FROM accounts WHERE owner_id IS NULL) AS k(kind)
CROSS JOIN generate_series(16, 63) AS s(shard)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 2. place_slip (migration 0009, unchanged otherwise) takes the house stakes shard from its caller
--    (place_slips below: one shard per batch, its only caller) and runs under two planner settings that
--    place_slips sets for the whole call (set on place_slip itself they cost each call a settings change):
--    - generic plans: its statements are keyed lookups whose best plan does not depend on the values,
--      so planning them again on every call bought nothing and cost about a fifth of each call;
--    - no sequential scans: lotto_config is small enough that the planner prefers reading all of it
--      (170+ rows, for every line) to one primary-key probe, which measured about a tenth slower.
DROP FUNCTION place_slip(uuid, bigint, text, text, text, text, text[], text[], text[], bigint[]);
--> statement-breakpoint
CREATE FUNCTION place_slip(
  p_user uuid, p_round bigint, p_user_type text, p_default_type text, p_request_key text, p_client_datetime text,
  p_types text[], p_numbers text[], p_expo text[], p_stakes bigint[], p_house_shard int
) RETURNS TABLE (slip_id bigint, accepted_at timestamptz, balance bigint, existing boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := clock_timestamp();
  v_lottery text;
  v_open boolean;
  v_account bigint;
  v_types text[];
  v_numbers text[];
  v_expo text[];
  v_stakes bigint[];
  v_paid bigint[];
  v_rates int[];
  v_limits bigint[];
  v_total_stake bigint;
  v_total_paid bigint;
  v_expected int;
  v_fitted int;
  v_slip bigint;
  v_house_id bigint;
  v_house_balance bigint;
  v_balance bigint;
  v_line record;
  v_full record;
BEGIN
  -- A resubmission of a slip already made is answered with it, whatever the round's state now.
  SELECT s.id, s.created_at INTO v_slip, v_now FROM slips s WHERE s.user_id = p_user AND s.request_key = p_request_key;
  IF FOUND THEN
    RETURN QUERY SELECT v_slip, v_now, (SELECT a.balance FROM accounts a WHERE a.owner_id = p_user AND a.kind = 'credit'), true;
    RETURN;
  END IF;
  v_now := clock_timestamp();
  SELECT r.lottery_id, (r.status = 'open' AND r.open_at <= v_now AND r.close_at > v_now)
    INTO v_lottery, v_open FROM rounds r WHERE r.id = p_round;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'LT001', MESSAGE = 'round not found'; END IF;
  IF NOT v_open THEN RAISE EXCEPTION USING ERRCODE = 'LT002', MESSAGE = 'round closed'; END IF;
  SELECT a.id INTO v_account FROM accounts a WHERE a.owner_id = p_user AND a.kind = 'credit';
  IF v_account IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'LT009', MESSAGE = 'no credit account'; END IF;

  -- Price every line: the tier's config (falling back to the default tier), the latest restricted
  -- price recorded at or before this instant, and the smallest per-number limit of any tier.
  FOR v_line IN
    WITH l AS (SELECT * FROM unnest(p_types, p_numbers, p_expo, p_stakes) WITH ORDINALITY AS u(t, n, e, s, o)),
    c AS (
      SELECT DISTINCT ON (lc.bet_type) lc.bet_type, lc.rate_x100, lc.min_stake, lc.max_stake, lc.discount_percent,
        (SELECT min(x.max_per_number) FROM lotto_config x WHERE x.lottery_id = lc.lottery_id AND x.bet_type = lc.bet_type) AS max_per_number
      FROM lotto_config lc WHERE lc.lottery_id = v_lottery AND lc.user_type IN (p_user_type, p_default_type)
      ORDER BY lc.bet_type, (lc.user_type = p_user_type) DESC
    )
    SELECT l.t, l.n, l.e, l.s, l.o, c.rate_x100, c.min_stake, c.max_stake, c.discount_percent, c.max_per_number,
      (SELECT dp.new_price_x100 FROM digit_prices dp
        WHERE dp.round_id = p_round AND dp.bet_type = l.t AND dp.number = l.e AND dp.created_at <= v_now
        ORDER BY dp.created_at DESC, dp.id DESC LIMIT 1) AS price
    FROM l LEFT JOIN c ON c.bet_type = l.t ORDER BY l.o
  LOOP
    IF v_line.rate_x100 IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'LT003', MESSAGE = 'bet type not offered', DETAIL = v_line.t;
    END IF;
    IF v_line.s < v_line.min_stake::bigint * 100 THEN
      RAISE EXCEPTION USING ERRCODE = 'LT004', MESSAGE = 'stake below minimum', DETAIL = v_line.t || '|' || v_line.n || '|' || v_line.min_stake;
    END IF;
    IF v_line.s > v_line.max_stake::bigint * 100 THEN
      RAISE EXCEPTION USING ERRCODE = 'LT005', MESSAGE = 'stake above maximum', DETAIL = v_line.t || '|' || v_line.n || '|' || v_line.max_stake;
    END IF;
    IF coalesce(v_line.price, v_line.rate_x100) = 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'LT006', MESSAGE = 'number closed', DETAIL = v_line.t || '|' || v_line.n;
    END IF;
    v_types := v_types || v_line.t;
    v_numbers := v_numbers || v_line.n;
    v_expo := v_expo || v_line.e;
    v_stakes := v_stakes || v_line.s;
    v_paid := v_paid || (v_line.s * (100 - v_line.discount_percent) / 100);
    v_rates := v_rates || coalesce(v_line.price, v_line.rate_x100);
    v_limits := v_limits || (v_line.max_per_number::bigint * 100);
  END LOOP;

  -- Each number's total stays within its limit: one guarded upsert, rows in sorted order.
  WITH agg AS (
    SELECT t, e, sum(s) AS s, min(m) AS m FROM unnest(v_types, v_expo, v_stakes, v_limits) AS u(t, e, s, m) GROUP BY t, e
  ), fit AS (
    INSERT INTO number_exposure (round_id, bet_type, number, total_stake)
    SELECT p_round, agg.t, agg.e, agg.s FROM agg WHERE agg.s <= agg.m ORDER BY agg.t, agg.e
    ON CONFLICT (round_id, bet_type, number) DO UPDATE SET total_stake = number_exposure.total_stake + excluded.total_stake
      WHERE number_exposure.total_stake + excluded.total_stake <=
        (SELECT a.m FROM agg a WHERE a.t = excluded.bet_type AND a.e = excluded.number)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM agg), (SELECT count(*) FROM fit) INTO v_expected, v_fitted;
  IF v_fitted < v_expected THEN
    SELECT agg.t, agg.e, greatest(agg.m - coalesce(x.total_stake, 0), 0) AS left_satang INTO v_full
    FROM (SELECT t, e, sum(s) AS s, min(m) AS m FROM unnest(v_types, v_expo, v_stakes, v_limits) AS u(t, e, s, m) GROUP BY t, e) agg
    LEFT JOIN number_exposure x ON x.round_id = p_round AND x.bet_type = agg.t AND x.number = agg.e
    WHERE coalesce(x.total_stake, 0) + agg.s > agg.m ORDER BY agg.t, agg.e LIMIT 1;
    RAISE EXCEPTION USING ERRCODE = 'LT007', MESSAGE = 'number full', DETAIL = v_full.t || '|' || v_full.e || '|' || v_full.left_satang;
  END IF;

  SELECT sum(x), sum(y) INTO v_total_stake, v_total_paid FROM unnest(v_stakes, v_paid) AS u(x, y);
  INSERT INTO slips (user_id, round_id, total_stake, total_paid, client_datetime, request_key, created_at)
  VALUES (p_user, p_round, v_total_stake, v_total_paid, p_client_datetime, p_request_key, v_now)
  RETURNING id INTO v_slip;
  INSERT INTO slip_lines (slip_id, round_id, user_id, bet_type, number, stake, paid, rate_x100)
  SELECT v_slip, p_round, p_user, t, n, s, p, r FROM unnest(v_types, v_numbers, v_stakes, v_paid, v_rates) WITH ORDINALITY AS u(t, n, s, p, r, o) ORDER BY o;

  -- The stake through the ledger: house shard first, then the player's guarded debit.
  UPDATE accounts SET balance = accounts.balance + v_total_paid
  WHERE owner_id IS NULL AND kind = 'house:stakes' AND shard = p_house_shard
  RETURNING id, accounts.balance INTO v_house_id, v_house_balance;
  UPDATE accounts SET balance = accounts.balance - v_total_paid
  WHERE id = v_account AND accounts.balance - v_total_paid >= 0
  RETURNING accounts.balance INTO v_balance;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'LT008', MESSAGE = 'insufficient funds'; END IF;
  WITH t AS (
    INSERT INTO ledger_transactions (kind, reference, actor_id) VALUES ('stake', 'slip:' || v_slip, p_user) RETURNING id
  )
  INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
  SELECT t.id, a, m, b FROM t, unnest(ARRAY[v_house_id, v_account], ARRAY[v_total_paid, -v_total_paid], ARRAY[v_house_balance, v_balance]) AS u(a, m, b);

  RETURN QUERY SELECT v_slip, v_now, v_balance, false;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION yeekee_shoot_batch(bigint, uuid[], text[], text[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- 3. Slips placed together (docs/decisions/010): the slips that arrive while the instance is busy go
--    to the database in one call and one commit. Every row any of them may change is locked first, in
--    the one global order — their open rounds (key share, as the slips' foreign key would), number
--    exposure rows (round, type, number), one house stakes shard for the whole batch, then player
--    accounts (by id) — so batches running at once, on any instance, wait for each other but never
--    deadlock, nor with a round being finished or settled (round first, then accounts), and a slip's
--    own statements then never wait. Each slip is then placed by place_slip in its own subtransaction:
--    a refused slip (LT…) is answered with its refusal and rolls back alone; the others go on. A
--    deadlock or serialization failure is not a slip's answer: it aborts the batch, which is run again.
CREATE FUNCTION place_slips(
  p_users uuid[], p_rounds bigint[], p_user_types text[], p_default_type text, p_request_keys text[], p_client_datetimes text[],
  p_line_counts int[], p_types text[], p_numbers text[], p_expo text[], p_stakes bigint[]
) RETURNS TABLE (idx int, slip_id bigint, accepted_at timestamptz, balance bigint, existing boolean, error_code text, error_detail text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
  v_from int := 1;
  v_to int;
  v_state text;
  v_detail text;
  v_constraint text;
  v_shard int;
  i int;
BEGIN
  IF coalesce(array_length(p_users, 1), 0) = 0 THEN RETURN; END IF;
  -- The rounds still open, as a slip's foreign key locks its round: a round being finished, corrected or
  -- settled (locked for update, then accounts) waits for the batch, or the batch for it.
  PERFORM 1 FROM rounds r WHERE r.id = ANY (p_rounds) AND r.status = 'open' AND r.close_at > clock_timestamp() ORDER BY r.id FOR KEY SHARE;
  -- Exposure rows of open rounds, made if missing (total 0) and locked, in sorted order.
  WITH l AS (
    -- Lines are grouped by slip, in order: line o of the flat arrays belongs to slip i.
    SELECT p_rounds[x.i] AS r, p_types[x.o] AS t, p_expo[x.o] AS e
    FROM (SELECT s.i, row_number() OVER (ORDER BY s.i, g.n) AS o
          FROM unnest(p_line_counts) WITH ORDINALITY AS s(c, i) CROSS JOIN LATERAL generate_series(1, s.c) AS g(n)) x
  ), k AS (
    SELECT DISTINCT l.r, l.t, l.e FROM l JOIN rounds ro ON ro.id = l.r AND ro.status = 'open'
  )
  INSERT INTO number_exposure (round_id, bet_type, number, total_stake)
  SELECT k.r, k.t, k.e, 0 FROM k ORDER BY k.r, k.t, k.e
  ON CONFLICT (round_id, bet_type, number) DO UPDATE SET total_stake = number_exposure.total_stake;
  -- One house stakes shard takes the whole batch's stakes (the house side only matters as a sum), so two
  -- batches at once rarely meet there; then the players' credit accounts.
  v_shard := floor(random() * 64)::int;
  PERFORM 1 FROM accounts h WHERE h.owner_id IS NULL AND h.kind = 'house:stakes' AND h.shard = v_shard FOR UPDATE;
  PERFORM 1 FROM accounts a WHERE a.owner_id = ANY (p_users) AND a.kind = 'credit' ORDER BY a.id FOR UPDATE;

  FOR i IN 1 .. array_length(p_users, 1) LOOP
    v_to := v_from + p_line_counts[i] - 1;
    BEGIN
      RETURN QUERY SELECT i, s.slip_id, s.accepted_at, s.balance, s.existing, NULL::text, NULL::text
        FROM place_slip(p_users[i], p_rounds[i], p_user_types[i], p_default_type, p_request_keys[i], p_client_datetimes[i],
          p_types[v_from:v_to], p_numbers[v_from:v_to], p_expo[v_from:v_to], p_stakes[v_from:v_to], v_shard) s;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL, v_constraint = CONSTRAINT_NAME;
      IF v_state IN ('40P01', '40001', '55P03') THEN RAISE; END IF;
      -- The slip's refusal, its twin already made by another request ('twin'), or an unexpected error
      -- ('error', with the SQLSTATE): this slip's answer, not the batch's.
      RETURN QUERY SELECT i, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::boolean,
        CASE WHEN v_state LIKE 'LT%' THEN v_state WHEN v_state = '23505' AND v_constraint = 'slips_request_key' THEN 'twin' ELSE 'error' END,
        CASE WHEN v_state LIKE 'LT%' THEN v_detail ELSE v_state END;
    END;
    v_from := v_to + 1;
  END LOOP;
END;
$$;
