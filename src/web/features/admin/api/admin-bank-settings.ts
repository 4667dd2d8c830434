import { queryOptions } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const BANK_SETTINGS_KEY = ["admin", "bank-settings"] as const;

/** `/api/admin/bank-settings`: automatic approval on or off, its upper amount and the bank clock's tolerance. */
export const bankSettingsQuery = queryOptions({ queryKey: BANK_SETTINGS_KEY, queryFn: () => callApi(bank.adminBankSettings, {}) });
