import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notices, type ResponseOf } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { NOTICES_KEY } from "./my-notices";

/** Marks every notice read (`/api/read-notice`) and updates the count; the list keeps its "new" marks until refetched. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(notices.readNotice, { all: true }),
    onSuccess: (r) =>
      queryClient.setQueryData<ResponseOf<typeof notices.myNotices>>(NOTICES_KEY, (old) => (old ? { ...old, unread: r.unread } : old)),
  });
}
