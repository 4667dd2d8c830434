import { useMutation, useQueryClient } from "@tanstack/react-query";
import { games } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY, useSession } from "../../../lib/session";

/** Cancels the player's own unanswered game for a full refund (`/api/cancel-huakoi-hilow`); refreshes the credit and the player's games. */
export function useCancelGame() {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(games.cancelHuakoiHilow, { id, uuid: uuid ?? "" }, "ยกเลิกเกมไม่สำเร็จ กรุณาลองใหม่"),
    onSuccess: (r) => {
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
    },
    // Refreshed on failure too: the game may have been challenged a moment before the cancel.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["games-mine"] }),
  });
}
