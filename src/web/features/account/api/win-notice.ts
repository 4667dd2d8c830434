import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { account } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

export const winNoticeKey = (uuid: string | null) => ["win-notice", uuid] as const;

/** Slips won since the player last saw a win notice (`/api/read-win-notice`); read again on every page view. */
export function useWinNotice() {
  const { uuid, isAdmin } = useSession();
  return useQuery({
    queryKey: winNoticeKey(uuid),
    queryFn: () => callApi(account.readWinNotice, { uuid: uuid! }),
    // Operators have no credit and no slips.
    enabled: !!uuid && !isAdmin,
    staleTime: 0,
  });
}

/** The player has seen the wins up to `upTo` (`/api/seen-win-notice`): the toast and the badge go. */
export function useSeenWins() {
  const { uuid } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => callApi(account.seenWinNotice, { uuid: uuid ?? undefined, upTo }),
    onMutate: (upTo) => {
      // Gone at once; a win newer than `upTo` comes back with the next read.
      queryClient.setQueryData(winNoticeKey(uuid), (old: { upTo: number } | undefined) =>
        old && old.upTo <= upTo ? { status: "Success" as const, total: 0, slips: [], upTo: 0 } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: winNoticeKey(uuid) }),
  });
}
