-- docs/decisions/050: a restricted-number record without a price reopens the number (it pays the tier's
-- config rate again). The bet path reads the latest record through line_rate(), whose coalesce already
-- falls back to the config rate on NULL, so place_slip is unchanged. A price is never negative.
ALTER TABLE "digit_prices" ALTER COLUMN "new_price_x100" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "digit_prices" ADD CONSTRAINT "digit_prices_price_not_negative" CHECK ("digit_prices"."new_price_x100" >= 0);
