import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { notices } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { prefetchAtStart } from "../../../lib/start-up";

export const NOTICES_KEY = ["notices"];

/** The player's notices and how many are unread (`/api/my-notices`); the header's count reads the same query. */
const noticesQuery = queryOptions({
  queryKey: NOTICES_KEY,
  queryFn: () => callApi(notices.myNotices, {}),
  staleTime: 30_000,
  refetchInterval: 120_000,
});

export function useNotices() {
  const { loginStatus } = useSession();
  return useQuery({ ...noticesQuery, enabled: loginStatus });
}

/** Start-up (app/signed-in.ts) on a signed-in load: the header's count is drawn with the page. */
export const prefetchNotices = (client: QueryClient) => prefetchAtStart(client, noticesQuery);
