import type { QueryClient } from "@tanstack/react-query";
import type { LottoListItem } from "../../../../contract/lottery";
import { bangkokDateKey } from "../../../../domain/thai-date";
import { LOTTO_LIST_QUERY } from "../../../lib/calls/lotto-list";
import { roundSlipsQuery } from "../../../lib/calls/round-slips";
import { roundTimeoutQuery } from "../../../lib/calls/round-timeout";
import { yeekeeActivitiesQuery } from "../../../lib/calls/yeekee-activities";
import { COOKIE, getCookie } from "../../../lib/cookies";
import { chosenLottery, roundListOf } from "../../../lib/rounds";
import { serverNow } from "../../../lib/server-clock";
import { prefetchAtStart } from "../../../lib/start-up";
import { digitPricesQuery } from "./digit-prices";
import { lottoConfigQuery } from "./lotto-config";
import { otherActivitiesQuery } from "./other-activities";

/**
 * Start-up on the bet form (app/signed-in.ts), once the lotto list has come: the round list the page reads
 * the chosen round from, so the page is not drawn again when it comes (docs/decisions/025). A yeekee list is of a
 * business date by the server's clock, so it waits for the clock's offset (`offsetMeasured`); another
 * lottery's does not.
 */
export async function prefetchRoundList(
  client: QueryClient,
  activityid: number,
  lottoParam: string | null,
  offsetMeasured: Promise<unknown>,
): Promise<unknown> {
  const list = roundListOf(chosenLottery(client.getQueryData<LottoListItem[]>(LOTTO_LIST_QUERY) ?? [], activityid, lottoParam), activityid);
  if (list === null) return;
  if (!list.yeekee) return prefetchAtStart(client, otherActivitiesQuery(list.configID));
  await offsetMeasured;
  const now = serverNow();
  return prefetchAtStart(client, yeekeeActivitiesQuery(list.configID, bangkokDateKey(now), now));
}

/**
 * Start-up on the bet form of `activityid`, beside the page's code on a first load: the round's close time,
 * rates, restricted numbers and the player's slips. The queries are the ones the form's hooks use, fresh for a
 * few seconds at least, so the form that mounts just after does not ask again.
 */
export function prefetchRound(client: QueryClient, activityid: number): Promise<unknown> {
  const uuid = getCookie(COOKIE.uuid);
  return Promise.all([
    prefetchAtStart(client, roundTimeoutQuery(activityid)),
    prefetchAtStart(client, lottoConfigQuery(activityid)),
    prefetchAtStart(client, digitPricesQuery(activityid)),
    uuid ? prefetchAtStart(client, roundSlipsQuery(activityid, uuid)) : null,
  ]);
}
