import { useQuery } from "@tanstack/react-query";
import { points } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** What points can be exchanged for: each slot's cost, credit and daily limit (`/api/get-slotredeembonus`). */
export function useRedeemSlots() {
  return useQuery({
    queryKey: ["privilege-redeem-slots"],
    queryFn: () => callApi(points.getSlotRedeemBonus, undefined),
    staleTime: 5 * 60_000,
  });
}
