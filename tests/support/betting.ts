import type { TestApp } from "./app";
import { post } from "./players";

export type Line = { award_type: string; number: string; amount: number };

let stamp = 0;
/** Places a slip through the API; each call is a distinct submission unless `datetime` is given. */
export function placeSlip(t: TestApp, player: { uuid: string; token: string }, activityid: number, numberlist: Line[], datetime?: string) {
  stamp += 1;
  return post(
    t.app,
    "/api/post-numberdigit-mockdata",
    { uuid: player.uuid, activityid, datetime: datetime ?? `${new Date().toISOString()}#${stamp}`, numberlist },
    player.token,
  );
}
