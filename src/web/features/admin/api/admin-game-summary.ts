import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/game-summary` */
export const adminGameSummary = (body: BodyOf<typeof games.adminGameSummary>) => callApi(games.adminGameSummary, body);

const SUMMARY_KEY = "admin-game-summary";

/** The games of the last `days` days, summed. */
export const gameSummaryQuery = (days: string) => queryOptions({ queryKey: [SUMMARY_KEY, days], queryFn: () => adminGameSummary({ dayperiod: Number(days) }) });

/** After the game settings change, every period's summary is read again. */
export const rereadGameSummary = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [SUMMARY_KEY] });
