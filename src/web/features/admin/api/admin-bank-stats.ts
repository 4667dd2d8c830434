import { queryOptions } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const BANK_STATS_KEY = ["admin", "bank-stats"] as const;

/** `/api/admin/bank-stats`: today's automatic deposits. */
export const bankStatsQuery = queryOptions({ queryKey: BANK_STATS_KEY, queryFn: () => callApi(bank.adminBankStats, {}) });
