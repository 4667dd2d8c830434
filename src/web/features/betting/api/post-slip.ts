import { useMutation, useQueryClient } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY, useSession } from "../../../lib/session";
import { toNumberlist } from "../bet-lines";
import type { Confirmation } from "../confirm-slip-modal";
import { postdigitListKey, roundSlipsKey } from "../queries";

/**
 * Sends a confirmed slip (`/api/post-numberdigit-mockdata`) and refreshes what it changes: the credit
 * (from the answer), the round's slips and the recent slips list.
 */
export function usePostSlip(activityid: number) {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: Confirmation) =>
      callApi(betting.postNumberDigit, { uuid: uuid ?? "", activityid, datetime: c.datetime, numberlist: toNumberlist(c.lines) }, "Error posting number digit"),
    onSuccess: (r) => {
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
      void queryClient.invalidateQueries({ queryKey: roundSlipsKey(activityid) });
      void queryClient.invalidateQueries({ queryKey: postdigitListKey(1).slice(0, 1) });
    },
  });
}
