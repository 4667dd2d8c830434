-- A player's money in the current Bangkok day, week (from Monday) and month (docs/decisions/017), in
-- satang: deposits (approved transfers, plus amounts handed out by gent-amount and not yet decided),
-- stakes (slips not cancelled, at what the player paid, and game stakes not refunded) and winnings of
-- those same stakes (settled lines' payouts, games won). Net loss is stakes − winnings: a stake counts
-- as lost until it is settled. One row per period, day first.
CREATE OR REPLACE FUNCTION rg_usage(p_user uuid, p_now timestamptz)
RETURNS TABLE (period text, period_start timestamptz, deposits bigint, stakes bigint, wins bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_local timestamp := p_now AT TIME ZONE 'Asia/Bangkok';
  v_day timestamptz := date_trunc('day', v_local) AT TIME ZONE 'Asia/Bangkok';
  v_week timestamptz := date_trunc('week', v_local) AT TIME ZONE 'Asia/Bangkok';
  v_month timestamptz := date_trunc('month', v_local) AT TIME ZONE 'Asia/Bangkok';
  v_from timestamptz := least(v_week, v_month);
BEGIN
  RETURN QUERY
  WITH money AS (SELECT * FROM rg_money(p_user, v_from))
  SELECT x.period, x.since,
    coalesce(sum(m.deposit) FILTER (WHERE m.happened_at >= x.since), 0)::bigint,
    coalesce(sum(m.stake) FILTER (WHERE m.happened_at >= x.since), 0)::bigint,
    coalesce(sum(m.win) FILTER (WHERE m.happened_at >= x.since), 0)::bigint
  FROM (VALUES (1, 'day', v_day), (2, 'week', v_week), (3, 'month', v_month)) AS x(o, period, since)
  LEFT JOIN money m ON true
  GROUP BY x.o, x.period, x.since ORDER BY x.o;
END;
$$;
