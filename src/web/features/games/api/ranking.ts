import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { GameType } from "../../../../domain/games";
import { callApi } from "../../../lib/api";
import { gameKeys } from "./keys";

/** Players by net winnings after fees over Bangkok days `start`..`end` (YYYY-MM-DD), names masked (`/api/read-gamehuakoiranking-bydate`). */
export function useGameRanking(type: GameType, start: string, end: string) {
  return useQuery({
    queryKey: gameKeys.ranking(type, start, end),
    queryFn: () => callApi(games.readGamehuakoirankingBydate, { startdate: start, enddate: end, game_type: type }),
    enabled: start !== "" && end !== "",
    // A changed date keeps the previous ranking on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
