import { queryOptions } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/lotteries` */
export const adminLotteries = (body: BodyOf<typeof lottery.adminLotteries>) => callApi(lottery.adminLotteries, body);

export const ADMIN_LOTTERIES_KEY = ["admin", "lotteries"] as const;

/** The lottery catalogue, shared by the back office's lottery tabs. */
export const adminLotteriesQuery = queryOptions({ queryKey: ADMIN_LOTTERIES_KEY, queryFn: () => adminLotteries({}) });
