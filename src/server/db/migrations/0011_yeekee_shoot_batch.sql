-- Shots of one round appended together (docs/decisions/009): the chain row is locked once for the
-- batch, and each shot is still checked (window, the shooter's pace, counting shots earlier in this same
-- batch), numbered and hashed in order. A refused shot gets its error code and the others go on.
CREATE FUNCTION yeekee_shoot_batch(p_round bigint, p_users uuid[], p_shooters text[], p_numbers text[])
RETURNS TABLE (idx int, seq int, at text, hash text, error text, interval_seconds int)
LANGUAGE plpgsql AS $$
DECLARE
  v_group text;
  v_status text;
  v_open_at timestamptz;
  v_result_at timestamptz;
  v_seq int;
  v_head text;
  v_now timestamptz;
  v_at text;
  v_hash text;
  v_recent boolean;
  v_interval int;
  i int;
BEGIN
  -- The pace is the site setting as it stands now (yeekee.shotIntervalSeconds, default 3).
  SELECT coalesce((value->>'shotIntervalSeconds')::int, 3) INTO v_interval FROM site_config WHERE key = 'yeekee';
  v_interval := coalesce(v_interval, 3);
  -- The round first (shared), then the chain: the same order as finishing a round, and a cancel or
  -- result made meanwhile is seen.
  SELECT l."group", r.status, r.open_at, r.result_at INTO v_group, v_status, v_open_at, v_result_at
    FROM rounds r JOIN lotteries l ON l.id = r.lottery_id WHERE r.id = p_round FOR SHARE OF r;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'LY001', MESSAGE = 'round not found'; END IF;
  IF v_group NOT IN ('yeekee', 'yeekee5minute') THEN RAISE EXCEPTION USING ERRCODE = 'LY002', MESSAGE = 'not a yeekee round'; END IF;
  INSERT INTO yeekee_chains (round_id, seq, head) VALUES (p_round, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
  SELECT c.seq, c.head INTO v_seq, v_head FROM yeekee_chains c WHERE c.round_id = p_round FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_users, 1), 0) LOOP
    v_now := clock_timestamp();
    IF v_status NOT IN ('open', 'closed') OR v_now < v_open_at OR v_now >= v_result_at THEN
      RETURN QUERY SELECT i, NULL::int, NULL::text, NULL::text, 'LY003'::text, v_interval;
      CONTINUE;
    END IF;
    SELECT (v_now - s.at::timestamptz) < make_interval(secs => v_interval) INTO v_recent
      FROM yeekee_shots s WHERE s.round_id = p_round AND s.user_id = p_users[i] ORDER BY s.seq DESC LIMIT 1;
    IF v_recent THEN
      RETURN QUERY SELECT i, NULL::int, NULL::text, NULL::text, 'LY004'::text, v_interval;
      CONTINUE;
    END IF;
    v_seq := v_seq + 1;
    v_at := to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    v_hash := encode(sha256(convert_to(v_head || '|' || v_seq || '|' || p_numbers[i] || '|' || p_shooters[i] || '|' || v_at, 'UTF8')), 'hex');
    INSERT INTO yeekee_shots (round_id, seq, user_id, number, at, hash) VALUES (p_round, v_seq, p_users[i], p_numbers[i], v_at, v_hash);
    v_head := v_hash;
    RETURN QUERY SELECT i, v_seq, v_at, v_hash, NULL::text, v_interval;
  END LOOP;
  UPDATE yeekee_chains SET seq = v_seq, head = v_head WHERE yeekee_chains.round_id = p_round;
  PERFORM pg_notify('yeekee_shots', json_build_object('round', p_round, 'seq', v_seq)::text);
END;
$$;
--> statement-breakpoint
DROP FUNCTION yeekee_shoot(uuid, text, bigint, text, int);
