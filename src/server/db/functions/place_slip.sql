-- Places one slip (docs/decisions/008): the one authority for a line's price and for the bet path's
-- rules. In one call: a resubmission is answered with the slip it made; the round must be open by the
-- database's clock; each line is priced from the player's tier (falling back to the default tier): its
-- stake limits, the latest restricted price set at or before this instant (line_rate; 0 closes the
-- number), the percent-lotto discount (line_paid); each number's total stake stays within the smallest
-- per-number limit of any tier (one guarded upsert in sorted order); the slip and its lines are written
-- after the player's responsible-play gate (rg_check_stake) and a check of the credit (so a refusal takes
-- no slip number), and the price is debited through ledger_post.
-- A refusal is raised as SQLSTATE LR000 with its name as the message and its fields as JSON in the
-- detail (src/server/http/refusals.ts maps it to Thai).
-- Called by place_slips only, which has already locked every row this may change and passes the
-- player's credit account and the house stakes account (one per batch). Returns the stake's ledger
-- transaction too (NULL for a resubmission), which the server logs with the request.
CREATE OR REPLACE FUNCTION place_slip(
  p_user uuid, p_account bigint, p_round bigint, p_user_type text, p_default_type text, p_request_key text, p_client_datetime text,
  p_types text[], p_numbers text[], p_stakes bigint[], p_house bigint
) RETURNS TABLE (slip_id bigint, accepted_at timestamptz, balance bigint, existing boolean, transaction_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := clock_timestamp();
  v_lottery text;
  v_open boolean;
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
  v_balance bigint;
  v_posted record;
  v_line record;
  v_full record;
BEGIN
  SELECT s.id, s.created_at INTO v_slip, v_now FROM slips s WHERE s.user_id = p_user AND s.request_key = p_request_key;
  IF FOUND THEN
    RETURN QUERY SELECT v_slip, v_now, (SELECT a.balance FROM accounts a WHERE a.id = p_account), true, NULL::bigint;
    RETURN;
  END IF;
  v_now := clock_timestamp();
  SELECT r.lottery_id, (r.status = 'open' AND r.open_at <= v_now AND r.close_at > v_now)
    INTO v_lottery, v_open FROM rounds r WHERE r.id = p_round;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'round_not_found', DETAIL = '{}'; END IF;
  IF NOT v_open THEN RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'round_closed', DETAIL = '{}'; END IF;
  IF p_account IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'no_credit_account', DETAIL = '{}'; END IF;

  FOR v_line IN
    WITH l AS (SELECT u.*, exposure_number(u.t, u.n) AS e FROM unnest(p_types, p_numbers, p_stakes) WITH ORDINALITY AS u(t, n, s, o)),
    c AS (
      SELECT DISTINCT ON (lc.bet_type) lc.bet_type, lc.rate_x100, lc.min_stake, lc.max_stake, lc.discount_percent,
        (SELECT min(x.max_per_number) FROM lotto_config x WHERE x.lottery_id = lc.lottery_id AND x.bet_type = lc.bet_type) AS max_per_number
      FROM lotto_config lc WHERE lc.lottery_id = v_lottery AND lc.user_type IN (p_user_type, p_default_type)
      ORDER BY lc.bet_type, (lc.user_type = p_user_type) DESC
    )
    SELECT l.t, l.n, l.e, l.s, l.o, c.min_stake, c.max_stake, c.max_per_number, c.rate_x100 AS config_rate,
      line_rate(c.rate_x100, (SELECT dp.new_price_x100 FROM digit_prices dp
        WHERE dp.round_id = p_round AND dp.bet_type = l.t AND dp.number = l.e AND dp.created_at <= v_now
        ORDER BY dp.created_at DESC, dp.id DESC LIMIT 1)) AS rate,
      line_paid(l.s, c.discount_percent) AS paid
    FROM l LEFT JOIN c ON c.bet_type = l.t ORDER BY l.o
  LOOP
    IF v_line.config_rate IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'bet_type_not_offered', DETAIL = json_build_object('betType', v_line.t)::text;
    END IF;
    IF v_line.s < v_line.min_stake::bigint * 100 THEN
      RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'stake_below_minimum',
        DETAIL = json_build_object('betType', v_line.t, 'number', v_line.n, 'minStakeBaht', v_line.min_stake)::text;
    END IF;
    IF v_line.s > v_line.max_stake::bigint * 100 THEN
      RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'stake_above_maximum',
        DETAIL = json_build_object('betType', v_line.t, 'number', v_line.n, 'maxStakeBaht', v_line.max_stake)::text;
    END IF;
    IF v_line.rate = 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'number_closed', DETAIL = json_build_object('betType', v_line.t, 'number', v_line.n)::text;
    END IF;
    v_types := v_types || v_line.t;
    v_numbers := v_numbers || v_line.n;
    v_expo := v_expo || v_line.e;
    v_stakes := v_stakes || v_line.s;
    v_paid := v_paid || v_line.paid;
    v_rates := v_rates || v_line.rate;
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
    RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'number_full',
      DETAIL = json_build_object('betType', v_full.t, 'number', v_full.e, 'leftSatang', v_full.left_satang::text)::text;
  END IF;

  SELECT sum(x), sum(y) INTO v_total_stake, v_total_paid FROM unnest(v_stakes, v_paid) AS u(x, y);
  -- Responsible play: a break, a reality check due, or a stake or loss limit (the account is locked).
  PERFORM rg_check_stake(p_user, v_total_paid);
  -- Too little credit is refused before the slip is written: a refusal after the INSERT still uses up a
  -- slips.id (a sequence does not roll back), and players read that id as the slip's number (เลขที่โพย),
  -- so the next slip would skip one. place_slips holds the account's lock, so the balance read here is the
  -- one ledger_post debits below; its own guard stays, as everywhere.
  IF (SELECT a.balance FROM accounts a WHERE a.id = p_account) < v_total_paid THEN
    RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'insufficient_funds', DETAIL = json_build_object('accountId', p_account)::text;
  END IF;
  INSERT INTO slips (user_id, round_id, total_stake, total_paid, client_datetime, request_key, created_at)
  VALUES (p_user, p_round, v_total_stake, v_total_paid, p_client_datetime, p_request_key, v_now)
  RETURNING id INTO v_slip;
  INSERT INTO slip_lines (slip_id, round_id, user_id, bet_type, number, stake, paid, rate_x100)
  SELECT v_slip, p_round, p_user, t, n, s, p, r FROM unnest(v_types, v_numbers, v_stakes, v_paid, v_rates) WITH ORDINALITY AS u(t, n, s, p, r, o) ORDER BY o;

  v_posted := ledger_post('stake', 'slip:' || v_slip, p_user, NULL, ARRAY[p_house, p_account], ARRAY[v_total_paid, -v_total_paid]);
  v_balance := v_posted.balances[2];

  RETURN QUERY SELECT v_slip, v_now, v_balance, false, v_posted.transaction_id;
END;
$$;
