-- The only way the serving role reaches a seed: from the round's result time on (decision 012). An
-- earlier request is refused (NULL), kept in yeekee_seed_refusals and written to the server log.
CREATE OR REPLACE FUNCTION yeekee_round_seed(p_round bigint) RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_result_at timestamptz;
  v_seed bytea;
BEGIN
  SELECT r.result_at, s.seed INTO v_result_at, v_seed FROM rounds r JOIN yeekee_seeds s ON s.round_id = r.id WHERE r.id = p_round;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF clock_timestamp() < v_result_at THEN
    INSERT INTO yeekee_seed_refusals (round_id, at, role_name, backend_pid, client_addr, application_name)
      VALUES (p_round, clock_timestamp(), session_user, pg_backend_pid(), inet_client_addr()::text, current_setting('application_name', true));
    RAISE WARNING 'yeekee seed of round % asked for by % before its result time: refused', p_round, session_user;
    RETURN NULL;
  END IF;
  RETURN encode(v_seed, 'hex');
END;
$$;
