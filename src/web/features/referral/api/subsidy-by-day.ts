import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

/** The commission per Bangkok day and level over the last `days` days (`/api/read-subsidyByDayPeriod`). */
export function useSubsidyByDay(days: number) {
  const { uuid } = useSession();
  return useQuery({
    queryKey: ["referral-subsidy-days", uuid, days],
    queryFn: () => callApi(referral.readSubsidyByDayPeriod, { uuid: uuid!, dayperiod: days }),
    enabled: !!uuid,
    // Switching 7 → 30 days keeps the shorter list on screen until the longer one arrives.
    placeholderData: keepPreviousData,
  });
}
