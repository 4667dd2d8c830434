-- The key a line's number is counted and priced under: a tod number wins on any order of its digits, so
-- its exposure and its restricted price are kept under its digits sorted ("321" and "123" are the same
-- tod number). src/domain/slip.ts exposureNumber is the same rule. Written as one plain expression (the
-- three digits sorted by least/greatest, no subquery) so that PostgreSQL inlines it into the bet path's
-- queries instead of calling a function per line.
CREATE OR REPLACE FUNCTION exposure_number(p_bet_type text, p_number text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_bet_type = 'ThreeDigitToad' AND length(p_number) = 3
    THEN least(substr(p_number, 1, 1), substr(p_number, 2, 1), substr(p_number, 3, 1)) COLLATE "C"
      || greatest(least(substr(p_number, 1, 1), substr(p_number, 2, 1)) COLLATE "C",
                  least(greatest(substr(p_number, 1, 1), substr(p_number, 2, 1)) COLLATE "C", substr(p_number, 3, 1)) COLLATE "C") COLLATE "C"
      || greatest(substr(p_number, 1, 1), substr(p_number, 2, 1), substr(p_number, 3, 1)) COLLATE "C"
    ELSE p_number END
$$;
