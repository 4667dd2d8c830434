-- How many rows each house account kind is spread over (docs/decisions/005): a movement's house side
-- goes to one shard, chosen by house_account(), so no single house row is hot. The one place this
-- number is written; migration 0012 made the 64 rows.
CREATE OR REPLACE FUNCTION house_shards() RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 64
$$;
