import type { QueryClient } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { BANK_RECORDS_KEY } from "./admin-bank-records";
import { BANK_STATS_KEY } from "./admin-bank-stats";
import { PENDING_PAYNOW_KEY } from "./admin-list-paynow";

/** `/api/admin/match-bank-record`: credits the player's request with the record, once. */
export const adminMatchBankRecord = (body: BodyOf<typeof bank.adminMatchBankRecord>) => callApi(bank.adminMatchBankRecord, body);

/** Matched or refused (another operator, or the feed, may have been first): the queue, the figures and the reported deposits are read again. */
export const afterMatchBankRecord = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: BANK_RECORDS_KEY }),
    queryClient.invalidateQueries({ queryKey: BANK_STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: PENDING_PAYNOW_KEY }),
  ]);
