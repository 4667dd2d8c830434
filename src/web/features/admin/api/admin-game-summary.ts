import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { games } from "../../../../contract";
import { callApi } from "../../../lib/api";

const SUMMARY_KEY = "admin-game-summary";

/** `/api/admin/game-summary`: the games of the last `days` days, summed. */
export const gameSummaryQuery = (days: string) =>
  queryOptions({ queryKey: [SUMMARY_KEY, days], queryFn: () => callApi(games.adminGameSummary, { dayperiod: Number(days) }) });

/** After the game settings change, every period's summary is read again. */
export const rereadGameSummary = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [SUMMARY_KEY] });
