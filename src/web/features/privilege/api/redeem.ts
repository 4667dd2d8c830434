import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { points } from "../../../../contract";
import type { ResponseOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY, useSession } from "../../../lib/session";
import { privilegeLogKey } from "./privilege-log";

type PrivilegeLog = ResponseOf<typeof points.getPrivilegeLog>;

/**
 * Exchanges points for credit (`/api/redeem-allscore`) and refreshes what it changes: the header
 * credit, the usable points and the log.
 */
export function useRedeem() {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  // One Idempotency-Key per intended redemption: a double tap or a retry after a timeout redeems the
  // slots once; after a success the same slots again are a new redemption with a new key.
  const intent = useRef<{ request: string; key: string } | null>(null);
  const keyFor = (idlist: readonly number[]) => {
    const request = JSON.stringify(idlist);
    if (intent.current?.request !== request) intent.current = { request, key: crypto.randomUUID() };
    return intent.current.key;
  };
  return useMutation({
    mutationFn: (idlist: number[]) =>
      callApi(points.redeemAllScore, { uuid: uuid ?? "", idlist }, "แลกแต้มไม่สำเร็จ กรุณาลองใหม่", { "Idempotency-Key": keyFor(idlist) }),
    onSuccess: (r) => {
      intent.current = null;
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
      queryClient.setQueryData<PrivilegeLog>(privilegeLogKey(uuid), (old) => old && { ...old, total_score: r.total_score });
      void queryClient.invalidateQueries({ queryKey: privilegeLogKey(uuid) });
    },
  });
}
