import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { betting } from "../../../../contract";
import type { RateConfig } from "../../../../contract/betting";
import type { BetType } from "../../../../domain/bet-types";
import { configLottoKey } from "../../../../domain/bet-types";
import { callApi } from "../../../lib/api";
import { COOKIE, getCookie } from "../../../lib/cookies";
import { browserStorage } from "../../../lib/local-cache";

export type Rate = z.infer<typeof RateConfig>;

/** Spec §3: the payout config is kept in local storage under this key, `{betType}_{usertype}` inside. */
export const CONFIG_LOTTO_KEY = "configLottoObj";

/** The round's payout config (`/api/get-lotto-config-ByActivityID`), also written to local storage as the specification keeps it. */
export const lottoConfigQuery = (activityid: number | null) =>
  queryOptions({
    queryKey: ["lotto-config", activityid],
    queryFn: async () => {
      const r = await callApi(betting.getLottoConfigByActivityId, { activity_id: activityid! });
      try {
        browserStorage().setItem(CONFIG_LOTTO_KEY, JSON.stringify(r.configLotto));
      } catch (e) {
        console.error("configLottoObj write failed", e);
      }
      return { rates: ratesByBetType(r.configLotto), percentLottoObj: r.percentLottoObj };
    },
    meta: { blocking: true },
    staleTime: 60_000,
  });

/**
 * The payout config of a round for the caller's user type, as a map by bet type. The server's
 * answer is also written to local storage (`configLottoObj`) as the specification keeps it.
 */
export function useLottoConfig(activityid: number | null) {
  return useQuery({ ...lottoConfigQuery(activityid), enabled: activityid !== null });
}

/** One config per bet type; the entry keyed for the user's own type wins when several are sent. */
export function ratesByBetType(configLotto: Record<string, Rate>): Partial<Record<BetType, Rate>> {
  const userType = getCookie(COOKIE.userType);
  const out: Partial<Record<BetType, Rate>> = {};
  for (const [key, rate] of Object.entries(configLotto)) {
    const own = userType !== null && key === configLottoKey(rate.betType, userType);
    if (own || !out[rate.betType]) out[rate.betType] = rate;
  }
  return out;
}
