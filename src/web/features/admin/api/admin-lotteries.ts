import { queryOptions } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const ADMIN_LOTTERIES_KEY = ["admin", "lotteries"] as const;

/** `/api/admin/lotteries`: the lottery catalogue, shared by the back office's lottery tabs. */
export const adminLotteriesQuery = queryOptions({ queryKey: ADMIN_LOTTERIES_KEY, queryFn: () => callApi(lottery.adminLotteries, {}) });
