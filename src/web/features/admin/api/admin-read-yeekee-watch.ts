import { queryOptions } from "@tanstack/react-query";
import { yeekee } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/read-yeekee-watch` */
export const readYeekeeWatch = (body: BodyOf<typeof yeekee.readYeekeeWatch>) => callApi(yeekee.readYeekeeWatch, body);

/** The yeekee rounds of the last `days` days as the operator watches them. */
export const yeekeeWatchQuery = (days: string) => queryOptions({ queryKey: ["admin", "yeekee-watch", days], queryFn: () => readYeekeeWatch({ days: Number(days) }) });
