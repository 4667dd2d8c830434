import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { backOffice } from "../../../../contract";
import type { PlayerListSort } from "../../../../contract/back-office";
import { callApi } from "../../../lib/api";

/** `/api/admin/players`: a page of the player list in one order, with possible duplicate accounts. */
export const playerListQuery = (sort: PlayerListSort, page: number) =>
  queryOptions({
    queryKey: ["admin", "players", sort, page] as const,
    queryFn: () => callApi(backOffice.adminPlayerList, { sort, page }),
    // The page shown stays while the next one comes.
    placeholderData: keepPreviousData,
  });
