CREATE TABLE "games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"challenger_id" uuid,
	"price" bigint NOT NULL,
	"choice" text,
	"t1" integer,
	"t2" integer,
	"t3" integer,
	"server_rolled" boolean DEFAULT false NOT NULL,
	"salt" "bytea" NOT NULL,
	"commitment" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"guess" text,
	"winner_id" uuid,
	"fee" bigint,
	"payout" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "games_type_check" CHECK ("games"."type" in ('huakoi', 'hilow')),
	CONSTRAINT "games_status_check" CHECK ("games"."status" in ('open', 'done', 'cancelled', 'expired')),
	CONSTRAINT "games_price_positive" CHECK ("games"."price" > 0),
	CONSTRAINT "games_salt_check" CHECK (octet_length("games"."salt") = 32),
	CONSTRAINT "games_hidden_check" CHECK (("games"."type" = 'huakoi' and "games"."choice" in ('หัว', 'ก้อย') and "games"."t1" is null) or ("games"."type" = 'hilow' and "games"."choice" is null and "games"."t1" between 1 and 6 and "games"."t2" between 1 and 6 and "games"."t3" between 1 and 6))
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_challenger_id_users_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_open_idx" ON "games" USING btree ("type","created_at") WHERE "games"."status" = 'open';--> statement-breakpoint
CREATE INDEX "games_creator_idx" ON "games" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "games_challenger_idx" ON "games" USING btree ("challenger_id","ended_at");--> statement-breakpoint
CREATE INDEX "games_ended_idx" ON "games" USING btree ("ended_at");--> statement-breakpoint
-- The trigger's function; src/server/db/functions/game_secret_unchanged.sql is its source from now on.
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
--> statement-breakpoint
CREATE TRIGGER games_secret_unchanged BEFORE UPDATE ON games FOR EACH ROW EXECUTE FUNCTION game_secret_unchanged();
--> statement-breakpoint
INSERT INTO accounts (owner_id, kind, shard)
SELECT NULL, k.kind, s.shard FROM (VALUES ('house:game_escrow'), ('house:game_fees')) AS k(kind) CROSS JOIN generate_series(0, 63) AS s(shard)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO movement_kinds (kind) VALUES ('game.stake'), ('game.payout'), ('game.refund');
