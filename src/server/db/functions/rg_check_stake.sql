-- The responsible-play gate of a stake (a slip or a game stake; docs/decisions/017), called in the
-- stake's transaction after the player's credit account is locked, so two stakes at once are checked
-- one after the other and cannot both slip under a limit. Refused (SQLSTATE LR000, fields as JSON):
-- rg_closed during a time-out or self-exclusion; rg_reality_check while a reality check is due and not
-- answered; rg_limit when the stake would take the period's stakes, or its net loss, past a limit.
-- A player with no responsible-play row, or no stake or loss limit, costs one keyed read.
CREATE OR REPLACE FUNCTION rg_check_stake(p_user uuid, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := clock_timestamp();
  v_state rg_state%ROWTYPE;
  v_refusal record;
BEGIN
  SELECT * INTO v_state FROM rg_state WHERE user_id = p_user;
  IF NOT FOUND THEN RETURN; END IF;
  -- As rg_closed, read from the row already in hand.
  IF v_state.break_until IS NOT NULL
     AND (v_state.break_until > v_now OR v_state.return_requested_at IS NULL OR v_state.return_requested_at + interval '24 hours' > v_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'rg_closed', DETAIL = json_build_object('until', v_state.break_until)::text;
  END IF;
  IF v_state.reality_due_at IS NOT NULL AND v_state.reality_due_at <= v_now THEN
    RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'rg_reality_check', DETAIL = '{}';
  END IF;
  IF NOT v_state.has_stake_limits THEN RETURN; END IF;
  SELECT l.kind, l.period, greatest(l.amount - CASE l.kind WHEN 'stake' THEN u.stakes ELSE u.stakes - u.wins END, 0) AS left_satang
    INTO v_refusal
  FROM rg_limits l JOIN rg_usage(p_user, v_now) u ON u.period = l.period
  WHERE l.user_id = p_user AND l.kind IN ('stake', 'loss')
    AND CASE l.kind WHEN 'stake' THEN u.stakes ELSE u.stakes - u.wins END + p_amount > l.amount
  ORDER BY 3, l.kind, l.period LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'rg_limit',
      DETAIL = json_build_object('limitKind', v_refusal.kind, 'period', v_refusal.period, 'leftSatang', v_refusal.left_satang::text)::text;
  END IF;
END;
$$;
