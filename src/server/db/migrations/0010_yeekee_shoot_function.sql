-- A yeekee shot in one statement (docs/decisions/009): window and pace checked by the database clock
-- after the round's chain row is locked, so shots are numbered and hashed strictly one after another,
-- and none is accepted once shooting has ended. The hash is SHA-256 of
-- "previous|seq|number|shooter|at", the same text src/domain/yeekee.ts hashes to verify the chain.
CREATE FUNCTION yeekee_shoot(p_user uuid, p_shooter text, p_round bigint, p_number text, p_interval_seconds int)
RETURNS TABLE (seq int, at text, hash text, close_at timestamptz, lottery_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_group text;
  v_status text;
  v_open_at timestamptz;
  v_result_at timestamptz;
  v_close_at timestamptz;
  v_lottery text;
  v_seq int;
  v_head text;
  v_recent boolean;
  v_now timestamptz;
  v_at text;
  v_hash text;
BEGIN
  SELECT l."group", r.status, r.open_at, r.result_at, r.close_at, r.lottery_id
    INTO v_group, v_status, v_open_at, v_result_at, v_close_at, v_lottery
    FROM rounds r JOIN lotteries l ON l.id = r.lottery_id WHERE r.id = p_round;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'LY001', MESSAGE = 'round not found'; END IF;
  IF v_group NOT IN ('yeekee', 'yeekee5minute') THEN RAISE EXCEPTION USING ERRCODE = 'LY002', MESSAGE = 'not a yeekee round'; END IF;
  INSERT INTO yeekee_chains (round_id, seq, head) VALUES (p_round, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
  SELECT c.seq, c.head INTO v_seq, v_head FROM yeekee_chains c WHERE c.round_id = p_round FOR UPDATE;
  v_now := clock_timestamp();
  -- Checked after the lock: a shot that waited past the end of shooting is refused.
  IF v_status NOT IN ('open', 'closed') OR v_now < v_open_at OR v_now >= v_result_at THEN
    RAISE EXCEPTION USING ERRCODE = 'LY003', MESSAGE = 'outside the shooting window';
  END IF;
  SELECT (v_now - s.at::timestamptz) < make_interval(secs => p_interval_seconds) INTO v_recent
    FROM yeekee_shots s WHERE s.round_id = p_round AND s.user_id = p_user ORDER BY s.seq DESC LIMIT 1;
  IF v_recent THEN RAISE EXCEPTION USING ERRCODE = 'LY004', MESSAGE = 'too fast'; END IF;
  v_seq := v_seq + 1;
  v_at := to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_hash := encode(sha256(convert_to(v_head || '|' || v_seq || '|' || p_number || '|' || p_shooter || '|' || v_at, 'UTF8')), 'hex');
  INSERT INTO yeekee_shots (round_id, seq, user_id, number, at, hash) VALUES (p_round, v_seq, p_user, p_number, v_at, v_hash);
  UPDATE yeekee_chains SET seq = v_seq, head = v_hash WHERE yeekee_chains.round_id = p_round;
  PERFORM pg_notify('yeekee_shots', json_build_object('round', p_round, 'seq', v_seq)::text);
  RETURN QUERY SELECT v_seq, v_at, v_hash, v_close_at, v_lottery;
END;
$$;
