import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/rounds` */
export const adminRounds = (body: BodyOf<typeof lottery.adminRounds>) => callApi(lottery.adminRounds, body);

/** A day's rounds, of one lottery or all; recording a result refreshes every day's list (`afterRoundChange`). */
export const adminRoundsQuery = (date: string, configID: string | null) =>
  queryOptions({ queryKey: ["admin", "rounds", date, configID], queryFn: () => adminRounds({ date, configID: configID ?? undefined }) });

export const afterRoundChange = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ["admin", "rounds"] });
