import { useInfiniteQuery } from "@tanstack/react-query";
import { account } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

export const MONEY_HISTORY_PAGE = 20;

/** Every movement of the player's credit, newest first, page by page (`/api/read-money-history`). */
export function useMoneyHistory(filter: { kind: string | null; days: number }) {
  const { uuid } = useSession();
  return useInfiniteQuery({
    queryKey: ["money-history", uuid, filter.kind, filter.days],
    queryFn: ({ pageParam }) =>
      callApi(account.readMoneyHistory, {
        uuid: uuid!,
        kinds: filter.kind ? [filter.kind] : undefined,
        dayperiod: filter.days,
        before: pageParam ?? undefined,
        limit: MONEY_HISTORY_PAGE,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    enabled: !!uuid,
    meta: { blocking: true },
  });
}
