import type { QueryClient } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { ADMIN_LOTTERIES_KEY } from "./admin-lotteries";

/** `/api/admin/update-lottery` */
export const adminUpdateLottery = (body: BodyOf<typeof lottery.adminUpdateLottery>) => callApi(lottery.adminUpdateLottery, body);

/** After an edit the catalogue is read again. */
export const afterUpdateLottery = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ADMIN_LOTTERIES_KEY });
