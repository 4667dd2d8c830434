import { useQuery } from "@tanstack/react-query";
import { yeekee } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { ownShotsKey } from "./keys";

/**
 * The round's shots as the server lists them to this player (`/api/read-numberrecord`, own shots unmasked): read
 * once when the page opens, to show the player's earlier shots and learn the pseudonym they shoot under.
 */
export function useListedShots(activityid: number) {
  return useQuery({
    queryKey: ownShotsKey(activityid),
    queryFn: () => callApi(yeekee.readNumberRecord, { activityid }),
  });
}

/** The same list read once on demand, outside the query cache: the verify panel checks it against what the live feed showed. */
export const readNumberRecord = (activityid: number) => callApi(yeekee.readNumberRecord, { activityid });
