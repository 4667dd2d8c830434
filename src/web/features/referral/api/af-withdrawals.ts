import { useQuery } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

export const AF_HISTORY_DAYS = 90;
export const afWithdrawalsKey = (uuid: string | null) => ["referral-af-withdrawals", uuid] as const;

/** Moves from the affiliate balance to the credit over the last 90 days (`/api/read-withdrawallist-af`). */
export function useAfWithdrawals() {
  const { uuid } = useSession();
  return useQuery({
    queryKey: afWithdrawalsKey(uuid),
    queryFn: () => callApi(referral.readWithdrawalListAf, { uuid: uuid!, dayperiod: AF_HISTORY_DAYS }),
    enabled: !!uuid,
  });
}
