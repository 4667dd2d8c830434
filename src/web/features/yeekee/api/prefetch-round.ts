import type { QueryClient } from "@tanstack/react-query";
import { roundTimeoutQuery } from "../../../lib/calls/round-timeout";
import { prefetchAtStart } from "../../../lib/start-up";
import { listedShotsQuery } from "./number-record";
import { namedLottery, roundsQuery } from "./yeekee-round";

/**
 * Start-up on a yeekee round's page (app/signed-in.ts), beside the page's code on a first load: the round (from the
 * day's rounds of the lottery its link names), its shots so far with the shooting time, and its close time. The
 * queries are the page's own, so it is drawn once with them, the shoot pad in place, rather than drawn and then drawn
 * again as each answer comes after the first paint (docs/decisions/025, 066). A link naming no lottery leaves the
 * round to the page, which looks for it in every yeekee lottery's list.
 */
export function prefetchYeekeeRound(client: QueryClient, activityid: number, hint: string | null): Promise<unknown> {
  const named = namedLottery(hint);
  return Promise.all([
    prefetchAtStart(client, listedShotsQuery(activityid)),
    prefetchAtStart(client, roundTimeoutQuery(activityid)),
    named ? prefetchAtStart(client, roundsQuery(named)) : null,
  ]);
}
