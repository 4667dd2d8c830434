-- What a winning line pays, in satang: its stake (not the discounted price) times the rate fixed on the
-- line. src/domain/slip.ts linePayout is the same rule.
CREATE OR REPLACE FUNCTION line_payout(p_stake bigint, p_rate_x100 int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT p_stake * p_rate_x100 / 100
$$;
