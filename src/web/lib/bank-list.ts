import { queryOptions, useQuery } from "@tanstack/react-query";
import { site } from "../../contract";
import { callApi } from "./api";

export const BANK_LIST_KEY = ["bank-list"] as const;

/** `GET /read-bank-list` (docs/decisions/052): the banks and wallets a player may register with, as the operator chose. */
export const bankListQuery = queryOptions({
  queryKey: BANK_LIST_KEY,
  queryFn: () => callApi(site.readBankList, undefined),
  staleTime: 5 * 60_000,
});

export function useBankList() {
  return useQuery({ ...bankListQuery, select: (r) => r.enabled });
}
