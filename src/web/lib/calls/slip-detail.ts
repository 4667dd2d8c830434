import { useQuery } from "@tanstack/react-query";
import { betting } from "../../../contract";
import { callApi } from "../api";

// Shared by the slip list and the slip dialog the yeekee page opens too (docs/decisions/041).
export const slipDetailKey = (masterId: number | null) => ["slip-detail", masterId] as const;

/** One slip's detail, fresh from the server (`/api/get-ref-masterID`). */
export function useSlipDetail(masterId: number | null) {
  return useQuery({
    queryKey: slipDetailKey(masterId),
    queryFn: async () => (await callApi(betting.getRefMasterId, { ref_masterID: masterId! })).postDigitMasterObj,
    enabled: masterId !== null,
  });
}
