-- The key a line's number is counted and priced under: a tod number wins on any order of its digits, so
-- its exposure and its restricted price are kept under its digits sorted ("321" and "123" are the same
-- tod number). src/domain/slip.ts exposureNumber is the same rule.
CREATE OR REPLACE FUNCTION exposure_number(p_bet_type text, p_number text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN p_bet_type = 'ThreeDigitToad'
    THEN array_to_string(ARRAY(SELECT d FROM unnest(string_to_array(p_number, NULL)) AS d ORDER BY d COLLATE "C"), '')
    ELSE p_number END
$$;
