import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { betting, lottery } from "../../../contract";
import type { RateConfig } from "../../../contract/betting";
import type { LottoListItem } from "../../../contract/lottery";
import type { BetType } from "../../../domain/bet-types";
import { configLottoKey } from "../../../domain/bet-types";
import { bangkokDateKey } from "../../../domain/thai-date";
import { callApi } from "../../lib/api";
import { COOKIE, getCookie } from "../../lib/cookies";
import { browserStorage } from "../../lib/local-cache";
import { serverNow } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { prefetchAtStart } from "../../lib/start-up";
import { LOTTO_LIST_QUERY, yeekeeActivitiesQuery } from "../lottery/queries";
import { chosenLottery, roundListOf } from "../lottery/rounds";

export type Rate = z.infer<typeof RateConfig>;

/** Spec §3: the payout config is kept in local storage under this key, `{betType}_{usertype}` inside. */
export const CONFIG_LOTTO_KEY = "configLottoObj";

export const postdigitListKey = (period: number) => ["postdigit-list", period] as const;
export const roundSlipsKey = (activityid: number) => ["round-slips", activityid] as const;

/** The rounds of a non-yeekee lottery (the open ones and the latest). Fresh for a few seconds, as start-up asks for it. */
const otherActivitiesQuery = (configID: string | null) =>
  queryOptions({
    queryKey: ["other-activities", configID],
    queryFn: () => callApi(lottery.getActivityOtherLotto, { configID: configID! }),
    meta: { blocking: true },
    staleTime: 5_000,
  });

export function useOtherActivities(configID: string | null) {
  return useQuery({ ...otherActivitiesQuery(configID), enabled: configID !== null });
}

/** A yeekee lottery's rounds of a business date, the lottery pages' query (and browser cache), only when `lotteryId` is given. */
export function useYeekeeRounds(lotteryId: string | null, businessDate: string, nowMs: number) {
  return useQuery({ ...yeekeeActivitiesQuery(lotteryId ?? "", businessDate, nowMs), enabled: lotteryId !== null });
}

/**
 * Start-up on the bet form (app/signed-in.ts), once the lotto list has come: the round list the page reads
 * the chosen round from, so the page is not drawn again when it comes (docs/decisions/025). A yeekee list is of a
 * business date by the server's clock, so it waits for the clock's offset (`offsetMeasured`); another
 * lottery's does not.
 */
export async function prefetchRoundList(client: QueryClient, activityid: number, lottoParam: string | null, offsetMeasured: Promise<unknown>): Promise<unknown> {
  const list = roundListOf(chosenLottery(client.getQueryData<LottoListItem[]>(LOTTO_LIST_QUERY) ?? [], activityid, lottoParam), activityid);
  if (list === null) return;
  if (!list.yeekee) return prefetchAtStart(client, otherActivitiesQuery(list.configID));
  await offsetMeasured;
  const now = serverNow();
  return prefetchAtStart(client, yeekeeActivitiesQuery(list.configID, bangkokDateKey(now), now));
}

/**
 * A round's own queries, shared by the hooks below and by start-up (app/signed-in.ts), which asks for
 * them beside the page's code on a first load of the bet form. Fresh for a few seconds at least, so the
 * form that mounts just after does not ask again.
 */
const roundTimeoutQuery = (activityid: number | null) =>
  queryOptions({
    queryKey: ["round-timeout", activityid],
    queryFn: () => callApi(lottery.checkTimeout, { activityid: activityid! }),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });

const lottoConfigQuery = (activityid: number | null) =>
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

const digitPricesQuery = (activityid: number | null) =>
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

const roundSlipsQuery = (activityid: number | null, uuid: string | null) =>
  queryOptions({
    queryKey: roundSlipsKey(activityid ?? 0),
    queryFn: async () => (await callApi(betting.readPostNumberDigit, { activityid: activityid!, uuid: uuid! })).postdigit_list,
    staleTime: 5_000,
  });

/** Start-up on the bet form of `activityid`: the round's close time, rates, restricted numbers and the player's slips. */
export function prefetchRound(client: QueryClient, activityid: number): Promise<unknown> {
  const uuid = getCookie(COOKIE.uuid);
  return Promise.all([
    prefetchAtStart(client, roundTimeoutQuery(activityid)),
    prefetchAtStart(client, lottoConfigQuery(activityid)),
    prefetchAtStart(client, digitPricesQuery(activityid)),
    uuid ? prefetchAtStart(client, roundSlipsQuery(activityid, uuid)) : null,
  ]);
}

/** Whether the round still takes bets, by the server's clock, with its close time. */
export function useRoundTimeout(activityid: number | null) {
  return useQuery({ ...roundTimeoutQuery(activityid), enabled: activityid !== null });
}

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

/** A restricted number: its latest price for the round (0 = closed). */
export interface DigitPriceEntry {
  betType: BetType;
  number: string;
  price: number;
}

/** Restricted numbers of the round: the latest price per bet type and number, as a list and by `{betType}_{number}`. */
export function useDigitPrices(activityid: number | null) {
  return useQuery({ ...digitPricesQuery(activityid), enabled: activityid !== null });
}

export const digitKey = (betType: string, number: string) => `${betType}_${number}`;

/** The tod numbers a three-digit number covers. */
export function useToadList(number: string | null) {
  return useQuery({
    queryKey: ["toad-list", number],
    queryFn: async () => (await callApi(betting.checkToadThreeDigit, { threedigit: number! })).toadlist,
    enabled: number !== null && /^\d{3}$/.test(number),
    staleTime: Infinity,
  });
}

export function useDrafts(enabled: boolean) {
  const { uuid } = useSession();
  return useQuery({
    queryKey: ["drafts", uuid],
    queryFn: async () => (await callApi(betting.readDraftDigit, { uuid: uuid! })).draftlist,
    enabled: enabled && !!uuid,
  });
}

/** The player's own slips of one round. */
export function useRoundSlips(activityid: number | null) {
  const { uuid } = useSession();
  return useQuery({ ...roundSlipsQuery(activityid, uuid), enabled: activityid !== null && !!uuid });
}

/** The player's slips of the last `period` days. */
export function usePostdigitList(period: number) {
  return useQuery({
    queryKey: postdigitListKey(period),
    queryFn: async () => (await callApi(betting.postdigitList, { period })).postdigit_list,
    meta: { blocking: true },
    refetchInterval: 60_000,
    // A player coming back to the tab sees the slips as they are now (docs/decisions/036).
    refetchOnWindowFocus: true,
  });
}

/** One slip's detail, fresh from the server. */
export function useSlipDetail(masterId: number | null) {
  return useQuery({
    queryKey: ["slip-detail", masterId],
    queryFn: async () => (await callApi(betting.getRefMasterId, { ref_masterID: masterId! })).postDigitMasterObj,
    enabled: masterId !== null,
  });
}
