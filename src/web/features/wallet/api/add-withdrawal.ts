import { useMutation, useQueryClient } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY } from "../../../lib/session";

/**
 * Asks for a withdrawal (`/api/add-withdrawal`) under one Idempotency-Key per intended withdrawal, and refreshes
 * the credit (from the answer, then read again) and the withdrawals list. `onDone` is the form's own reset.
 */
export function useAddWithdrawal(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: BodyOf<typeof wallet.addWithdrawal>; key: string }) =>
      callApi(wallet.addWithdrawal, body, "Failed to add withdrawal", { "Idempotency-Key": key }),
    onSuccess: (r) => {
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      void queryClient.invalidateQueries({ queryKey: CREDIT_KEY });
      void queryClient.invalidateQueries({ queryKey: ["withdrawals"] });
      onDone();
    },
  });
}
