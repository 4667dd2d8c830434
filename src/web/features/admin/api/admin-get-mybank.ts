import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin-get-mybank` */
export const adminGetMyBank = (body: BodyOf<typeof wallet.adminGetMyBank>) => callApi(wallet.adminGetMyBank, body);

export const MY_BANK_KEY = ["admin", "mybank"] as const;

/** The site's receiving accounts. */
export const myBankQuery = queryOptions({ queryKey: MY_BANK_KEY, queryFn: () => adminGetMyBank({}) });
