import { useQuery } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

export const referralTotalsKey = (uuid: string | null) => ["referral-totals", uuid] as const;

/** Friends' stake and the commission (today, this month, all), the affiliate balance and any debt (`/api/get-tottalpostdigitpricechildren`). */
export function useReferralTotals() {
  const { uuid } = useSession();
  return useQuery({
    queryKey: referralTotalsKey(uuid),
    queryFn: () => callApi(referral.getTottalPostdigitPriceChildren, { uuid: uuid! }),
    enabled: !!uuid,
    meta: { blocking: true },
  });
}
