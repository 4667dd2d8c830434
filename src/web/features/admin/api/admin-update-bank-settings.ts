import type { QueryClient } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import type { BankSettings } from "../../../../contract/bank";
import { callApi } from "../../../lib/api";
import { BANK_SETTINGS_KEY } from "./admin-bank-settings";

/** `/api/admin/update-bank-settings` */
export const adminUpdateBankSettings = (body: BankSettings) => callApi(bank.adminUpdateBankSettings, body);

/** The saved settings (the answer) shown at once. */
export const showBankSettings = (queryClient: QueryClient, answer: Awaited<ReturnType<typeof adminUpdateBankSettings>>) =>
  queryClient.setQueryData(BANK_SETTINGS_KEY, answer);
