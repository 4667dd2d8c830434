-- The yeekee minimum in effect at a round's result time is read from the audit log by action and time, under the
-- round's lock (docs/decisions/034): an index on both instead of a walk of the whole log.
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");