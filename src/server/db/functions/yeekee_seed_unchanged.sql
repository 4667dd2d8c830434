-- A yeekee seed never changes (its commitment is published from the round's first moment; decision 012).
CREATE OR REPLACE FUNCTION yeekee_seed_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'yeekee seeds cannot be changed (round %)', OLD.round_id;
END;
$$;
