import { queryOptions } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const BANK_RECORDS_KEY = ["admin", "bank-records"] as const;

/** `/api/admin/bank-records`: the bank's incoming transfers of the last 7 days, the waiting ones or all. */
export const bankRecordsQuery = (state: "waiting" | "all") =>
  queryOptions({
    queryKey: [...BANK_RECORDS_KEY, state],
    queryFn: () => callApi(bank.adminBankRecords, { state, days: 7 }),
  });
