import { useQuery } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

/** Twelve months of the player's own money and points, by month and by day (`/api/rg/statement`). */
export function useStatement() {
  const { uuid } = useSession();
  return useQuery({
    queryKey: ["rg-statement", uuid],
    queryFn: () => callApi(rg.readStatement, {}),
    enabled: !!uuid,
    meta: { blocking: true },
  });
}
