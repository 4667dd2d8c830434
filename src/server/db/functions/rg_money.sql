-- A player's money since p_from, one row per event (docs/decisions/017), in satang: a deposit (an
-- approved transfer at its decision, or an amount handed out by gent-amount and not yet decided), a
-- stake (a slip not cancelled, at what the player paid; a game stake not refunded) with its winnings
-- (the slip's settled winning lines, the game's payout when the player won). A stake counts from when
-- it was placed, its winnings with it: net loss over a period is its stakes less their winnings.
CREATE OR REPLACE FUNCTION rg_money(p_user uuid, p_from timestamptz)
RETURNS TABLE (happened_at timestamptz, deposit bigint, stake bigint, win bigint)
LANGUAGE sql STABLE AS $$
  SELECT s.created_at, 0::bigint, s.total_paid,
    coalesce((SELECT sum(l.payout) FROM slip_lines l WHERE l.slip_id = s.id AND l.result = 'win'), 0)::bigint
  FROM slips s WHERE s.user_id = p_user AND s.created_at >= p_from AND s.status <> 'cancel activity'
  UNION ALL
  SELECT g.created_at, 0, g.price, CASE WHEN g.winner_id = p_user THEN g.payout ELSE 0 END
  FROM games g WHERE g.creator_id = p_user AND g.created_at >= p_from AND g.status IN ('open', 'done')
  UNION ALL
  SELECT g.ended_at, 0, g.price, CASE WHEN g.winner_id = p_user THEN g.payout ELSE 0 END
  FROM games g WHERE g.challenger_id = p_user AND g.ended_at >= p_from AND g.status = 'done'
  UNION ALL
  SELECT p.decided_at, p.amount, 0, 0 FROM pay_records p WHERE p.user_id = p_user AND p.status = 'Approve' AND p.decided_at >= p_from
  UNION ALL
  SELECT d.created_at, d.amount, 0, 0 FROM deposit_requests d WHERE d.user_id = p_user AND d.state IN ('open', 'used') AND d.created_at >= p_from;
$$;
