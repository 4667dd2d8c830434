-- The bet path in one round trip (docs/decisions/008): everything a slip needs happens in one call,
-- in the caller's statement (so in one transaction), with the same rules and lock order as before:
-- number exposure rows (sorted) → the house stakes shard → the player's account.
-- Errors are raised with codes LT001..LT009; the server turns them into Thai messages.
CREATE FUNCTION place_slip(
  p_user uuid, p_round bigint, p_user_type text, p_default_type text, p_request_key text, p_client_datetime text,
  p_types text[], p_numbers text[], p_expo text[], p_stakes bigint[]
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
  WHERE owner_id IS NULL AND kind = 'house:stakes' AND shard = (v_account % 16)::int
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
