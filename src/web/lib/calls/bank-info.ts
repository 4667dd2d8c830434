import { queryOptions } from "@tanstack/react-query";
import { auth } from "../../../contract";
import type { ResponseOf } from "../../../contract/route";
import { callApi } from "../api";

export type BankInfo = ResponseOf<typeof auth.getBankInfo>;

/** The player's own bank account (`/api/get-bankinfo`); the wallet and the maintenance page's withdrawal read it (docs/decisions/041). */
export const bankInfoQuery = (username: string | null) =>
  queryOptions({
    queryKey: ["bankinfo", username],
    queryFn: () => callApi(auth.getBankInfo, { username: username ?? "" }),
  });
