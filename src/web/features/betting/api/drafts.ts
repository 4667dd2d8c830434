import { useQuery } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

/** The player's drafts; saving or removing one refreshes this key. */
export const draftsKey = (uuid: string | null) => ["drafts", uuid] as const;

/** The player's saved drafts (`/api/read-draft-digit`), read while the drafts dialog is open. */
export function useDrafts(enabled: boolean) {
  const { uuid } = useSession();
  return useQuery({
    queryKey: draftsKey(uuid),
    queryFn: async () => (await callApi(betting.readDraftDigit, { uuid: uuid! })).draftlist,
    enabled: enabled && !!uuid,
  });
}
