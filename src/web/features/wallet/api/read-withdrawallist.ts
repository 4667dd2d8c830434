import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** the player's withdrawals of the last `days` days (`/api/read-withdrawallist`). */
export const withdrawalsQuery = (uuid: string | null, days: string) =>
  queryOptions({
    queryKey: ["withdrawals", uuid, days],
    queryFn: () => callApi(wallet.readWithdrawalList, { uuid: uuid!, dayperiod: Number(days) }),
  });
