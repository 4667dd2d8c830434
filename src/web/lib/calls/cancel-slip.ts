import { useMutation, useQueryClient } from "@tanstack/react-query";
import { betting } from "../../../contract";
import type { Slip } from "../../../contract/betting";
import { callApi } from "../api";
import { CREDIT_KEY, useSession } from "../session";
import { roundSlipsKey } from "./round-slips";
import { slipDetailKey } from "./slip-detail";

/**
 * Cancels a slip while its round is open (`/api/cancel-allpostnumber-mockdata`) and refreshes what it changes:
 * the credit (from the answer), the slip lists and the slip itself. The slip dialog is shared by the slip list
 * and the yeekee page (docs/decisions/041).
 */
export function useCancelSlip(slip: Pick<Slip, "activityid" | "timestop" | "date_time" | "master_id">, onCancelled: () => void) {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(
        betting.cancelSlip,
        { uuid: uuid ?? "", activityid: slip.activityid, timestop: slip.timestop, datetime: slip.date_time, master_id: slip.master_id },
        "Error cancelling post number",
      ),
    onSuccess: (r) => {
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
      void queryClient.invalidateQueries({ queryKey: ["postdigit-list"] });
      void queryClient.invalidateQueries({ queryKey: slipDetailKey(slip.master_id) });
      void queryClient.invalidateQueries({ queryKey: roundSlipsKey(slip.activityid) });
      onCancelled();
    },
  });
}
