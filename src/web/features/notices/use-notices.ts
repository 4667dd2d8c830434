import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { notices, type ResponseOf } from "../../../contract";
import { callApi } from "../../lib/api";
import { useSession } from "../../lib/session";

export const NOTICES_KEY = ["notices"];

/** The player's notices and how many are unread (`/api/my-notices`); the header's count reads the same query. */
export function useNotices() {
  const { loginStatus } = useSession();
  return useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => callApi(notices.myNotices, {}),
    enabled: loginStatus,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}

/** Marks every notice read (`/api/read-notice`) and updates the count; the list keeps its "new" marks until refetched. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(notices.readNotice, { all: true }),
    onSuccess: (r) =>
      queryClient.setQueryData<ResponseOf<typeof notices.myNotices>>(NOTICES_KEY, (old) => (old ? { ...old, unread: r.unread } : old)),
  });
}
