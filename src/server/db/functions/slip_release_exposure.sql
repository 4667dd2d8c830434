-- Gives back a slip's stakes to its numbers' exposure (an owner's cancel while the round is open), in
-- one statement and in the same sorted order as place_slips locks them. The other half of the exposure
-- rule in place_slip.
CREATE OR REPLACE FUNCTION slip_release_exposure(p_slip bigint) RETURNS void LANGUAGE sql AS $$
  WITH per_number AS (
    SELECT l.round_id, l.bet_type, exposure_number(l.bet_type, l.number) AS number, sum(l.stake) AS stake
    FROM slip_lines l WHERE l.slip_id = p_slip GROUP BY 1, 2, 3
  ), locked AS (
    SELECT x.round_id, x.bet_type, x.number FROM number_exposure x JOIN per_number p USING (round_id, bet_type, number)
    ORDER BY x.round_id, x.bet_type, x.number FOR UPDATE OF x
  )
  UPDATE number_exposure x SET total_stake = x.total_stake - p.stake
  FROM per_number p, locked k
  WHERE x.round_id = p.round_id AND x.bet_type = p.bet_type AND x.number = p.number
    AND k.round_id = p.round_id AND k.bet_type = p.bet_type AND k.number = p.number
$$;
