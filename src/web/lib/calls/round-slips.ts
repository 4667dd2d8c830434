import { queryOptions, useQuery } from "@tanstack/react-query";
import { betting } from "../../../contract";
import { callApi } from "../api";
import { useSession } from "../session";

// Shared by the bet form and the yeekee page (docs/decisions/041).
export const roundSlipsKey = (activityid: number) => ["round-slips", activityid] as const;

/** The player's own slips of one round (`/api/read-readpostnumberdigit`); fresh for a few seconds, as start-up asks for it. */
export const roundSlipsQuery = (activityid: number | null, uuid: string | null) =>
  queryOptions({
    queryKey: roundSlipsKey(activityid ?? 0),
    queryFn: async () => (await callApi(betting.readPostNumberDigit, { activityid: activityid!, uuid: uuid! })).postdigit_list,
    staleTime: 5_000,
  });

export function useRoundSlips(activityid: number | null) {
  const { uuid } = useSession();
  return useQuery({ ...roundSlipsQuery(activityid, uuid), enabled: activityid !== null && !!uuid });
}
