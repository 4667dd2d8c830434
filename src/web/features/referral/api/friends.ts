import { useQuery } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

/** The friends who registered through the player's link, names masked by the server (`/api/get-relationship`). */
export function useFriends() {
  const { uuid } = useSession();
  return useQuery({
    queryKey: ["referral-friends", uuid],
    queryFn: () => callApi(referral.getRelationship, { uuid: uuid! }),
    enabled: !!uuid,
  });
}
