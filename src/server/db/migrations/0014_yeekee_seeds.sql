CREATE TABLE "yeekee_seed_refusals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "yeekee_seed_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"role_name" text NOT NULL,
	"backend_pid" integer NOT NULL,
	"client_addr" text,
	"application_name" text
);
--> statement-breakpoint
CREATE TABLE "yeekee_seeds" (
	"round_id" bigint PRIMARY KEY NOT NULL,
	"seed" "bytea" NOT NULL,
	"commitment" text GENERATED ALWAYS AS (encode(sha256(seed), 'hex')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yeekee_seeds_seed_check" CHECK (octet_length("yeekee_seeds"."seed") = 32)
);
--> statement-breakpoint
ALTER TABLE "yeekee_seeds" ADD CONSTRAINT "yeekee_seeds_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yeekee_seed_refusals_at_idx" ON "yeekee_seed_refusals" USING btree ("at");--> statement-breakpoint
-- A sealed seed per yeekee round (docs/decisions/012): R = (sum − 16th + offset) mod 100000 with
-- offset = HMAC-SHA256(seed, chain head) read as an integer, so the last shooter cannot choose R.
CREATE EXTENSION IF NOT EXISTS pgcrypto;
--> statement-breakpoint
-- A seed never changes (its commitment is published from the round's first moment). Rows go only with
-- their round (an unopened round dropped from a changed schedule).
CREATE FUNCTION yeekee_seed_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'yeekee seeds cannot be changed (round %)', OLD.round_id;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER yeekee_seeds_unchanged BEFORE UPDATE ON yeekee_seeds FOR EACH ROW EXECUTE FUNCTION yeekee_seed_unchanged();
--> statement-breakpoint
CREATE TRIGGER yeekee_seed_refusals_append_only BEFORE UPDATE OR DELETE ON yeekee_seed_refusals
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Drawn by the database as the round is created, whoever creates it: the serving role cannot write or
-- read seeds, so this runs as the owner. One statement for all the rounds an insert made.
CREATE FUNCTION yeekee_draw_seeds() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO yeekee_seeds (round_id, seed)
    SELECT a.id, gen_random_bytes(32) FROM added a JOIN lotteries l ON l.id = a.lottery_id
    WHERE l."group" IN ('yeekee', 'yeekee5minute');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rounds_yeekee_seeds AFTER INSERT ON rounds REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION yeekee_draw_seeds();
--> statement-breakpoint
-- The only way the serving role reaches a seed: from the round's result time on. An earlier request is
-- refused (NULL), kept in yeekee_seed_refusals and written to the server log as a warning.
CREATE FUNCTION yeekee_round_seed(p_round bigint) RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
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
--> statement-breakpoint
-- Rounds that can still be shot get their seed now; finished ones keep the rule they were decided by.
INSERT INTO yeekee_seeds (round_id, seed)
  SELECT r.id, gen_random_bytes(32) FROM rounds r JOIN lotteries l ON l.id = r.lottery_id
  WHERE l."group" IN ('yeekee', 'yeekee5minute') AND r.status IN ('open', 'closed');
