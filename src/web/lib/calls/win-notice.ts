import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { account } from "../../../contract";
import { callApi } from "../api";
import { useSession } from "../session";
import { prefetchAtStart } from "../start-up";

export const winNoticeKey = (uuid: string | null) => ["win-notice", uuid] as const;

/** A read this recent counts as this page view's (the one asked for at start-up, app/signed-in.ts). */
export const WIN_NOTICE_FRESH_MS = 5_000;

const winNoticeQuery = (uuid: string | null) =>
  queryOptions({
    queryKey: winNoticeKey(uuid),
    queryFn: () => callApi(account.readWinNotice, { uuid: uuid! }),
    staleTime: WIN_NOTICE_FRESH_MS,
  });

/** Slips won since the player last saw a win notice (`/api/read-win-notice`); read again on every page view (`WinToast`). */
export function useWinNotice() {
  const { uuid, isAdmin } = useSession();
  // Operators have no credit and no slips.
  return useQuery({ ...winNoticeQuery(uuid), enabled: !!uuid && !isAdmin });
}

/** Start-up (app/signed-in.ts) on a player's signed-in load. */
export const prefetchWinNotice = (client: QueryClient, uuid: string) => prefetchAtStart(client, winNoticeQuery(uuid));

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

/** Opening โพยหวย is seeing the wins: the mark moves to the newest one read. */
export function useWinsSeenOnView() {
  const notice = useWinNotice();
  const { mutate } = useSeenWins();
  const upTo = notice.data?.upTo ?? 0;
  useEffect(() => {
    if (upTo > 0) mutate(upTo);
  }, [upTo, mutate]);
}
