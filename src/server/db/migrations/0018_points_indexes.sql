-- The round's accruals are now referral commission and privilege points together (docs/decisions/015).
ALTER TABLE "rounds" RENAME COLUMN "commission_settled_at" TO "accruals_settled_at";
--> statement-breakpoint
CREATE INDEX "point_lots_usable_idx" ON "point_lots" USING btree ("user_id","expires_at","id") WHERE "point_lots"."remaining" > 0 and "point_lots"."vested";--> statement-breakpoint
CREATE INDEX "point_lots_pending_idx" ON "point_lots" USING btree ("user_id","earned_at") WHERE "point_lots"."kind" = 'deposit' and not "point_lots"."vested" and "point_lots"."remaining" > 0;