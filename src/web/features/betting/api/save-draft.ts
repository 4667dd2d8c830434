import { useMutation, useQueryClient } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { type FormLine, toNumberlist } from "../../../lib/bet-lines";
import { draftsKey } from "./drafts";

/** Saves the slip's lines as a draft (`/api/add-draftdigit`) and refreshes the player's drafts. */
export function useSaveDraft() {
  const { uuid } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: readonly FormLine[]) =>
      callApi(betting.addDraftDigit, { uuid: uuid ?? "", numberlist_str: JSON.stringify(toNumberlist(lines)) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: draftsKey(uuid) }),
  });
}
