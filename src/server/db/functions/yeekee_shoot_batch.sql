-- Records a batch of yeekee shots of one round (docs/decisions/009): each shot is checked (the shooting
-- window, the shooter's pace) and hashed into the round's chain in receive order, one after another;
-- the shooters' last stored shots are read in one statement before the loop and the recorded shots are
-- inserted in one statement after it. A refused shot is answered with its refusal (outside_shooting_time,
-- shooting_too_fast) and the others go on; a round that is missing or not a yeekee round refuses the
-- whole batch (SQLSTATE LR000). Generic plans: its statements are keyed lookups.
CREATE OR REPLACE FUNCTION yeekee_shoot_batch(p_round bigint, p_users uuid[], p_shooters text[], p_numbers text[])
RETURNS TABLE (idx int, seq int, at text, hash text, refusal jsonb, round_close_at timestamptz, round_lottery text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_group text;
  v_status text;
  v_open_at timestamptz;
  v_result_at timestamptz;
  v_close_at timestamptz;
  v_lottery text;
  v_seq int;
  v_head text;
  v_now timestamptz;
  v_at text;
  v_hash text;
  v_interval int;
  v_last timestamptz;
  -- Per shot of the batch: the shooter's last stored shot in this round, the index of the shooter's
  -- previous shot in this batch, and the shooter's last recorded shot once this one is done.
  v_stored timestamptz[];
  v_before int[];
  v_latest timestamptz[] := '{}';
  -- The recorded shots, in order, for the insert.
  v_kept int := 0;
  v_idx int[] := '{}';
  v_seqs int[] := '{}';
  v_ats text[] := '{}';
  v_hashes text[] := '{}';
  i int;
BEGIN
  -- The pace is the site setting as it stands now (yeekee.shotIntervalSeconds, default 3).
  SELECT coalesce((value->>'shotIntervalSeconds')::int, 3) INTO v_interval FROM site_config WHERE key = 'yeekee';
  v_interval := coalesce(v_interval, 3);
  -- The round first (shared), then the chain: the same order as finishing a round, and a cancel or
  -- result made meanwhile is seen.
  SELECT l."group", r.status, r.open_at, r.result_at, r.close_at, r.lottery_id INTO v_group, v_status, v_open_at, v_result_at, v_close_at, v_lottery
    FROM rounds r JOIN lotteries l ON l.id = r.lottery_id WHERE r.id = p_round FOR SHARE OF r;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'round_not_found', DETAIL = '{}'; END IF;
  IF v_group NOT IN ('yeekee', 'yeekee5minute') THEN RAISE EXCEPTION USING ERRCODE = 'LR000', MESSAGE = 'not_a_yeekee_round', DETAIL = '{}'; END IF;
  INSERT INTO yeekee_chains (round_id, seq, head) VALUES (p_round, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
  SELECT c.seq, c.head INTO v_seq, v_head FROM yeekee_chains c WHERE c.round_id = p_round FOR UPDATE;
  -- Read under the chain lock: no shot of this round can be recorded meanwhile.
  SELECT array_agg(last_shot.t ORDER BY b.i), array_agg(b.prev ORDER BY b.i) INTO v_stored, v_before
    FROM (SELECT u.i::int AS i, u.user_id, lag(u.i::int) OVER (PARTITION BY u.user_id ORDER BY u.i) AS prev
            FROM unnest(p_users) WITH ORDINALITY AS u(user_id, i)) b
    LEFT JOIN LATERAL (
      SELECT s.at::timestamptz AS t FROM yeekee_shots s WHERE s.round_id = p_round AND s.user_id = b.user_id ORDER BY s.seq DESC LIMIT 1
    ) last_shot ON true;
  FOR i IN 1 .. coalesce(array_length(p_users, 1), 0) LOOP
    v_now := clock_timestamp();
    -- The shooter's last recorded shot: as it stood after the shooter's previous shot in this batch,
    -- else the stored one. A refused shot carries it on unchanged.
    v_last := CASE WHEN v_before[i] IS NULL THEN v_stored[i] ELSE v_latest[v_before[i]] END;
    v_latest[i] := v_last;
    IF v_status NOT IN ('open', 'closed') OR v_now < v_open_at OR v_now >= v_result_at THEN
      RETURN QUERY SELECT i, NULL::int, NULL::text, NULL::text, '{"kind": "outside_shooting_time"}'::jsonb, v_close_at, v_lottery;
      CONTINUE;
    END IF;
    IF (v_now - v_last) < make_interval(secs => v_interval) THEN
      RETURN QUERY SELECT i, NULL::int, NULL::text, NULL::text, jsonb_build_object('kind', 'shooting_too_fast', 'intervalSeconds', v_interval), v_close_at, v_lottery;
      CONTINUE;
    END IF;
    v_seq := v_seq + 1;
    v_at := to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    v_hash := encode(sha256(convert_to(v_head || '|' || v_seq || '|' || p_numbers[i] || '|' || p_shooters[i] || '|' || v_at, 'UTF8')), 'hex');
    v_head := v_hash;
    -- As stored (milliseconds), so the pace is measured as it is against a stored shot.
    v_latest[i] := v_at::timestamptz;
    v_kept := v_kept + 1;
    v_idx[v_kept] := i;
    v_seqs[v_kept] := v_seq;
    v_ats[v_kept] := v_at;
    v_hashes[v_kept] := v_hash;
    RETURN QUERY SELECT i, v_seq, v_at, v_hash, NULL::jsonb, v_close_at, v_lottery;
  END LOOP;
  INSERT INTO yeekee_shots (round_id, seq, user_id, number, at, hash)
    SELECT p_round, k.s, p_users[k.i], p_numbers[k.i], k.a, k.h FROM unnest(v_idx, v_seqs, v_ats, v_hashes) AS k(i, s, a, h);
  UPDATE yeekee_chains SET seq = v_seq, head = v_head WHERE yeekee_chains.round_id = p_round;
  PERFORM pg_notify('yeekee_shots', json_build_object('round', p_round, 'seq', v_seq)::text);
END;
$$;
