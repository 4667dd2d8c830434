import { queryOptions } from "@tanstack/react-query";
import { yeekee } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** `/api/admin/read-yeekee-watch`: the yeekee rounds of the last `days` days as the operator watches them. */
export const yeekeeWatchQuery = (days: string) =>
  queryOptions({ queryKey: ["admin", "yeekee-watch", days], queryFn: () => callApi(yeekee.readYeekeeWatch, { days: Number(days) }) });
