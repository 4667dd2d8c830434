-- What a player pays for a line (docs/decisions/008): the stake less the percent-lotto discount, in
-- satang. The server's one rule; src/domain/slip.ts linePrice is the same rule for the browser and the
-- tests (tests/api/pricing.test.ts checks they agree). Whole-baht stakes divide out exactly.
CREATE OR REPLACE FUNCTION line_paid(p_stake bigint, p_discount_percent int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT p_stake * (100 - p_discount_percent) / 100
$$;
