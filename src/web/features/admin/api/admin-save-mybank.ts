import type { QueryClient } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { MY_BANK_KEY } from "./admin-get-mybank";

/** `/api/admin/save-mybank` */
export const adminSaveMyBank = (body: BodyOf<typeof wallet.adminSaveMyBank>) => callApi(wallet.adminSaveMyBank, body);

/** The answer is the new list: shown at once. */
export const afterSaveMyBank = (queryClient: QueryClient, answer: Awaited<ReturnType<typeof adminSaveMyBank>>) =>
  queryClient.setQueryData(MY_BANK_KEY, answer);
