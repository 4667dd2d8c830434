-- A game's hidden choice, dice, salt, commitment, players' stake and type never change once it is
-- created (its commitment is published at creation; decision 016).
CREATE OR REPLACE FUNCTION game_secret_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.commitment IS DISTINCT FROM OLD.commitment OR NEW.salt IS DISTINCT FROM OLD.salt OR NEW.choice IS DISTINCT FROM OLD.choice
     OR NEW.t1 IS DISTINCT FROM OLD.t1 OR NEW.t2 IS DISTINCT FROM OLD.t2 OR NEW.t3 IS DISTINCT FROM OLD.t3
     OR NEW.type IS DISTINCT FROM OLD.type OR NEW.price IS DISTINCT FROM OLD.price OR NEW.creator_id IS DISTINCT FROM OLD.creator_id THEN
    RAISE EXCEPTION 'a game''s commitment and hidden choice cannot be changed (game %)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
