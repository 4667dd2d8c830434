import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** the player's deposits of the last `days` days (`/api/read-payRecordByUUID`). */
export const payRecordsQuery = (uuid: string | null, days: string) =>
  queryOptions({
    queryKey: ["pay-records", uuid, days],
    queryFn: () => callApi(wallet.readPayRecordByUuid, { uuid: uuid!, dayperiod: Number(days) }),
  });
