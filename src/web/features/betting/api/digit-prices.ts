import { queryOptions, useQuery } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import type { BetType } from "../../../../domain/bet-types";
import { callApi } from "../../../lib/api";

/** A restricted number: its latest price for the round (0 = closed). */
export interface DigitPriceEntry {
  betType: BetType;
  number: string;
  price: number;
}

export const digitKey = (betType: string, number: string) => `${betType}_${number}`;

/** The round's restricted numbers (`/api/read-newDigitPrice-AddLastTime`), the latest price per bet type and number. */
export const digitPricesQuery = (activityid: number | null) =>
  queryOptions({
    queryKey: ["digit-prices", activityid],
    queryFn: async () => {
      const r = await callApi(betting.readNewDigitPriceAddLastTime, { activity_id: activityid! });
      const latest = new Map<string, DigitPriceEntry & { at: number }>();
      for (const p of r.new_digit_price) {
        const key = digitKey(p.award_type, p.number);
        const at = Date.parse(p.created_at) || Date.parse(p.date_time) || 0;
        const seen = latest.get(key);
        if (!seen || at >= seen.at) latest.set(key, { betType: p.award_type, number: p.number, price: p.new_price, at });
      }
      const list = [...latest.values()].map(({ betType, number, price }) => ({ betType, number, price }));
      return { list, byKey: new Map(list.map((e) => [digitKey(e.betType, e.number), e.price])) };
    },
    staleTime: 5_000,
    refetchInterval: 30_000,
  });

/** Restricted numbers of the round: the latest price per bet type and number, as a list and by `{betType}_{number}`. */
export function useDigitPrices(activityid: number | null) {
  return useQuery({ ...digitPricesQuery(activityid), enabled: activityid !== null });
}
