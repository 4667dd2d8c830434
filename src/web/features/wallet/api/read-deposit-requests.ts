import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** the player's deposit requests of the last `days` days (`/api/read-deposit-requests`). */
export const depositRequestsQuery = (uuid: string | null, days: string) =>
  queryOptions({
    queryKey: ["deposit-requests", uuid, days],
    queryFn: () => callApi(wallet.readDepositRequests, { uuid: uuid!, dayperiod: Number(days) }),
  });
