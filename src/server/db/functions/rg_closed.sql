-- Whether a player is on a time-out or self-exclusion at p_now (docs/decisions/017): from its start until
-- its end, and after the end until 24 hours after the player asked to come back. A closed account can
-- sign in to see its balance and withdraw; it places no bets or game stakes, asks for no deposit, and
-- earns no points or commission.
CREATE OR REPLACE FUNCTION rg_closed(p_user uuid, p_now timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT s.break_until IS NOT NULL AND (s.break_until > p_now OR s.return_requested_at IS NULL OR s.return_requested_at + interval '24 hours' > p_now)
    FROM rg_state s WHERE s.user_id = p_user), false);
$$;
