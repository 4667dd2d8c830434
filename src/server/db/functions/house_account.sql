-- The id of a house account of this kind, in the shard chosen by p_spread (any integer, e.g. the
-- player's account id or a random draw), so that movements spread over house_shards() rows.
CREATE OR REPLACE FUNCTION house_account(p_kind text, p_spread bigint) RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT a.id FROM accounts a WHERE a.owner_id IS NULL AND a.kind = p_kind AND a.shard = abs(p_spread) % house_shards()
$$;
