import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** `/api/admin-get-log`: a player's money log of the last `days` days. */
export const playerLogQuery = (uuid: string | undefined, days: string) =>
  queryOptions({
    queryKey: ["admin", "log", uuid, days],
    queryFn: () => callApi(wallet.adminGetLog, { uuid: uuid!, dayperiod: Number(days) }),
  });
