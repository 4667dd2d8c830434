-- Draws each yeekee round's seed as the round is created, whoever creates it (decision 012): the serving
-- role cannot write or read seeds, so this runs as the owner. One statement for all the rounds an insert made.
CREATE OR REPLACE FUNCTION yeekee_draw_seeds() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO yeekee_seeds (round_id, seed)
    SELECT a.id, gen_random_bytes(32) FROM added a JOIN lotteries l ON l.id = a.lottery_id
    WHERE l."group" IN ('yeekee', 'yeekee5minute');
  RETURN NULL;
END;
$$;
