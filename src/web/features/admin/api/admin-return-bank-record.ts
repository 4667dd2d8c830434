import type { QueryClient } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { BANK_RECORDS_KEY } from "./admin-bank-records";
import { BANK_STATS_KEY } from "./admin-bank-stats";

/** `/api/admin/return-bank-record`: marks a transfer that is no player's to be sent back. */
export const adminReturnBankRecord = (body: BodyOf<typeof bank.adminReturnBankRecord>) => callApi(bank.adminReturnBankRecord, body);

/** Marked or refused: the queue and the figures are read again. */
export const afterReturnBankRecord = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: BANK_RECORDS_KEY }), queryClient.invalidateQueries({ queryKey: BANK_STATS_KEY })]);
