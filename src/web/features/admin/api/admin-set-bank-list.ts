import type { QueryClient } from "@tanstack/react-query";
import { site } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { BANK_LIST_KEY } from "../../../lib/bank-list";

/** `/api/admin/set-bank-list` */
export const adminSetBankList = (body: BodyOf<typeof site.adminSetBankList>) => callApi(site.adminSetBankList, body);

/** The answer is the new list: the back office and the registration form show it at once. */
export const afterSetBankList = (queryClient: QueryClient, answer: Awaited<ReturnType<typeof adminSetBankList>>) =>
  queryClient.setQueryData(BANK_LIST_KEY, { status: answer.status, enabled: answer.enabled });
