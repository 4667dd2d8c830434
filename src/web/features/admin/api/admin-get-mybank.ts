import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const MY_BANK_KEY = ["admin", "mybank"] as const;

/** `/api/admin-get-mybank`: the site's receiving accounts. */
export const myBankQuery = queryOptions({ queryKey: MY_BANK_KEY, queryFn: () => callApi(wallet.adminGetMyBank, {}) });
