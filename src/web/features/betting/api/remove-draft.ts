import { useMutation, useQueryClient } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { draftsKey } from "./drafts";

/** Removes one draft (`/api/remove-draft-digit`) and refreshes the player's drafts. */
export function useRemoveDraft() {
  const { uuid } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(betting.removeDraftDigit, { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: draftsKey(uuid) }),
  });
}
