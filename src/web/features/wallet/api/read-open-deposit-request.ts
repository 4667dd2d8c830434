import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { OpenDepositRequest } from "../../../../contract/wallet";
import { callApi } from "../../../lib/api";

const openKey = (uuid: string | null | undefined) => ["deposit-open", uuid] as const;

/** The player's open deposit request, if any (`/api/read-open-deposit-request`): the server's (docs/decisions/035-open-deposit-request.md), read on every visit. */
export const openDepositQuery = (uuid: string | null | undefined) =>
  queryOptions({ queryKey: openKey(uuid), queryFn: () => callApi(wallet.readOpenDepositRequest, {}) });

/** A request issued, cancelled or reported: shown at once, and the history's request list refreshed. */
export function showOpenDeposit(queryClient: QueryClient, uuid: string | null | undefined, request: OpenDepositRequest | null) {
  queryClient.setQueryData(openKey(uuid), { status: "Success" as const, request });
  void queryClient.invalidateQueries({ queryKey: ["deposit-requests"] });
}

/** What the server holds may have changed (reported or cancelled in another tab, expired): read it again. */
export const rereadOpenDeposit = (queryClient: QueryClient, uuid: string | null | undefined) =>
  void queryClient.invalidateQueries({ queryKey: openKey(uuid) });
