import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { ResponseOf } from "../../../../contract/route";
import type { OpenDepositRequest } from "../../../../contract/wallet";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY } from "../../../lib/session";

type OpenDepositAnswer = ResponseOf<typeof wallet.readOpenDepositRequest>;

const openKey = (uuid: string | null | undefined) => ["deposit-open", uuid] as const;

/**
 * While the page shows a request (or a reported transfer), it reads it again this often, so a transfer the
 * bank feed matched shows as credit within seconds without a reload (docs/decisions/045-automatic-deposits.md).
 */
export const WATCH_EVERY_MS = 3_000;

/** The player's open deposit request, if any (`/api/read-open-deposit-request`): the server's (docs/decisions/035-open-deposit-request.md), read on every visit. */
export const openDepositQuery = (uuid: string | null | undefined) =>
  queryOptions({ queryKey: openKey(uuid), queryFn: (): Promise<OpenDepositAnswer> => callApi(wallet.readOpenDepositRequest, {}) });

/** A request issued, cancelled or reported: shown at once, and the history's request list refreshed. */
export function showOpenDeposit(queryClient: QueryClient, uuid: string | null | undefined, request: OpenDepositRequest | null) {
  queryClient.setQueryData<OpenDepositAnswer>(openKey(uuid), (old) => ({
    status: "Success" as const,
    request,
    lastCredited: old?.lastCredited ?? null,
  }));
  void queryClient.invalidateQueries({ queryKey: ["deposit-requests"] });
}

/** What the server holds may have changed (reported or cancelled in another tab, expired): read it again. */
export const rereadOpenDeposit = (queryClient: QueryClient, uuid: string | null | undefined) =>
  void queryClient.invalidateQueries({ queryKey: openKey(uuid) });

/** The watched request was credited (by the bank feed or an operator): the header's credit and the history are read again. */
export function afterDepositCredited(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: CREDIT_KEY });
  void queryClient.invalidateQueries({ queryKey: ["deposit-requests"] });
  void queryClient.invalidateQueries({ queryKey: ["pay-records"] });
  void queryClient.invalidateQueries({ queryKey: ["money-history"] });
}
