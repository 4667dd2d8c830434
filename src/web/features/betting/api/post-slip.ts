import { onlineManager, useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { betting } from "../../../../contract";
import { ApiCallError, callApi } from "../../../lib/api";
import { CREDIT_KEY, useSession } from "../../../lib/session";
import { type FormLine, toNumberlist } from "../../../lib/bet-lines";
import type { Confirmation } from "../confirm-slip-modal";
import { roundSlipsKey } from "../../../lib/calls/round-slips";
import { postdigitListKey } from "./postdigit-list";

/** Said when the device has no connection: nothing was sent (docs/decisions/036). */
export const SLIP_OFFLINE = "ไม่มีการเชื่อมต่ออินเทอร์เน็ต โพยยังไม่ถูกส่ง รายการยังอยู่ครบ";
/** Said when the call failed on the way: the slip may or may not have arrived, and sending it again is applied once. */
export const SLIP_CONNECTION_LOST = "การเชื่อมต่อขาดหาย ยังไม่ได้รับคำตอบเรื่องโพยนี้ รายการยังอยู่ครบ กดส่งอีกครั้งได้ ระบบจะรับโพยนี้เพียงครั้งเดียว";

/** The browser knows it has no connection (TanStack's manager hears the events; a page loaded offline only navigator.onLine tells). */
export function isOffline(): boolean {
  return !onlineManager.isOnline() || (typeof navigator !== "undefined" && navigator.onLine === false);
}

/**
 * Sends a confirmed slip (`/api/post-numberdigit-mockdata`) and refreshes what it changes: the credit
 * (from the answer), the round's slips and the recent slips list. It is sent at once, online or not
 * (`networkMode: "always"`): a mutation left to wait for the connection kept its button and the page's
 * loading overlay spinning with nothing said. Without a connection it fails with a Thai message instead.
 */
export function usePostSlip(activityid: number) {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async (c: Confirmation) => {
      if (isOffline()) throw new ApiCallError(SLIP_OFFLINE, 0);
      try {
        return await callApi(
          betting.postNumberDigit,
          { uuid: uuid ?? "", activityid, datetime: c.datetime, numberlist: toNumberlist(c.lines) },
          "Error posting number digit",
        );
      } catch (e) {
        if (e instanceof ApiCallError && e.statusCode === 0) throw new ApiCallError(SLIP_CONNECTION_LOST, 0);
        throw e;
      }
    },
    onSuccess: (r) => {
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
      void queryClient.invalidateQueries({ queryKey: roundSlipsKey(activityid) });
      void queryClient.invalidateQueries({ queryKey: postdigitListKey(1).slice(0, 1) });
    },
  });
}

const intentStorageKey = (activityid: number) => `slipIntent_${activityid}`;

/**
 * The `datetime` a slip is sent with. With the round and the lines it is what makes a slip the same slip to
 * the server (the request key of docs/decisions/007; this call has no Idempotency-Key header): a slip sent
 * again with the same lines, after a lost answer, a closed dialog or a reload, goes with the same `datetime`
 * and is applied once (the server answers with the slip it made). Lines that changed, or `done()` after the
 * slip was accepted, start a new slip. Kept in the tab's session storage, beside the lines themselves.
 */
export function useSlipDatetime(activityid: number) {
  return useMemo(
    () => ({
      of(lines: readonly FormLine[]): string {
        const request = JSON.stringify(toNumberlist(lines));
        const key = intentStorageKey(activityid);
        try {
          const kept = JSON.parse(sessionStorage.getItem(key) ?? "null") as { request?: unknown; datetime?: unknown } | null;
          if (kept && kept.request === request && typeof kept.datetime === "string") return kept.datetime;
        } catch {
          // A malformed or unreadable entry counts as none.
        }
        const datetime = new Date().toISOString();
        try {
          sessionStorage.setItem(key, JSON.stringify({ request, datetime }));
        } catch (e) {
          console.error("slip intent write failed", e);
        }
        return datetime;
      },
      done() {
        try {
          sessionStorage.removeItem(intentStorageKey(activityid));
        } catch {
          // Nothing kept, nothing to end.
        }
      },
    }),
    [activityid],
  );
}
