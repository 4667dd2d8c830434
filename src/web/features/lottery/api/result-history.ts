import { queryOptions } from "@tanstack/react-query";
import { account } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** A lottery's last `draws` results, for the number statistics (`/api/read-result-history`). */
export const resultHistoryQuery = (configID: string | undefined, draws: string) =>
  queryOptions({
    queryKey: ["result-history", configID, draws],
    queryFn: () => callApi(account.readResultHistory, { configID: configID!, draws: Number(draws) }),
  });
