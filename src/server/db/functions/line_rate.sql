-- The rate (×100) fixed on a line: a restricted number's price when one applies, else the tier's
-- config rate; 0 means the number takes no bets. src/domain/slip.ts effectiveRate is the same rule.
CREATE OR REPLACE FUNCTION line_rate(p_config_rate_x100 int, p_restricted_price_x100 int) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(p_restricted_price_x100, p_config_rate_x100)
$$;
