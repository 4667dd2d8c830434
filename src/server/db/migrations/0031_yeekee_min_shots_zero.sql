-- docs/decisions/034: every yeekee round gets a result whatever the number of shots; the minimum is
-- the operator's setting with default 0. A stored 20 is the old default written by the seed (no screen
-- or call could set this key before the back office's yeekee settings), so it becomes 0; any other
-- stored value, or one the operator saved through the back office (an audit row), is kept.
UPDATE "site_config"
SET "value" = jsonb_set("value", '{minShots}', '0'::jsonb), "updated_at" = now()
WHERE "key" = 'yeekee'
  AND "value" -> 'minShots' = '20'::jsonb
  AND NOT EXISTS (SELECT 1 FROM "audit_log" WHERE "action" = 'yeekee.config');
