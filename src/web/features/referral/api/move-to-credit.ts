import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { referral } from "../../../../contract";
import type { ResponseOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY, useSession } from "../../../lib/session";
import { afWithdrawalsKey } from "./af-withdrawals";
import { referralTotalsKey } from "./referral-totals";

type Totals = ResponseOf<typeof referral.getTottalPostdigitPriceChildren>;

export interface MoveRequest {
  amount: string;
  note: string;
}

/**
 * Moves commission from the affiliate balance to the credit (`/api/add-withdrawal-af`) and refreshes
 * what it changes: the header credit, the balances and the move history.
 */
export function useMoveToCredit() {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  // One Idempotency-Key per intended move: a double tap or a retry after a timeout with the same
  // amount moves the money once; a different amount or note is a new move and gets a new key.
  const intent = useRef<{ request: string; key: string } | null>(null);
  const keyFor = (m: MoveRequest) => {
    const request = JSON.stringify(m);
    if (intent.current?.request !== request) intent.current = { request, key: crypto.randomUUID() };
    return intent.current.key;
  };
  return useMutation({
    mutationFn: (m: MoveRequest) =>
      callApi(referral.addWithdrawalAf, { uuid: uuid ?? "", amount: m.amount, note: m.note }, "Failed to add AF withdrawal", {
        "Idempotency-Key": keyFor(m),
      }),
    onSuccess: (r) => {
      intent.current = null;
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
      queryClient.setQueryData<Totals>(referralTotalsKey(uuid), (old) => old && { ...old, affiliate_credit: r.affiliate_credit });
      void queryClient.invalidateQueries({ queryKey: referralTotalsKey(uuid) });
      void queryClient.invalidateQueries({ queryKey: afWithdrawalsKey(uuid) });
    },
  });
}
