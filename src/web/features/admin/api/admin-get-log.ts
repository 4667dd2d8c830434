import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin-get-log` */
export const adminGetLog = (body: BodyOf<typeof wallet.adminGetLog>) => callApi(wallet.adminGetLog, body);

/** A player's money log of the last `days` days. */
export const playerLogQuery = (uuid: string | undefined, days: string) =>
  queryOptions({ queryKey: ["admin", "log", uuid, days], queryFn: () => adminGetLog({ uuid: uuid!, dayperiod: Number(days) }) });
