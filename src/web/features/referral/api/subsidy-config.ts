import { useQuery } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import { SubsidyConfig } from "../../../../contract/referral";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { loadZod } from "../../../lib/zod-on-demand";

/** The site's commission rates and the least amount that can be moved, parsed from `config_str` (`/api/read-subsidyConfig`). */
export function useSubsidyConfig() {
  const { uuid } = useSession();
  return useQuery({
    queryKey: ["referral-subsidy-config", uuid],
    queryFn: async (): Promise<SubsidyConfig> => {
      const r = await callApi(referral.readSubsidyConfig, { typeconfig: "subsidy", uuid: uuid! });
      await loadZod();
      let json: unknown;
      try {
        json = JSON.parse(r.config_str);
      } catch {
        json = undefined;
      }
      const parsed = SubsidyConfig.safeParse(json);
      if (!parsed.success) {
        console.error("subsidy config_str", r.config_str, parsed.error);
        throw new Error("อ่านอัตราค่าคอมไม่ได้ กรุณาลองใหม่ภายหลัง");
      }
      return parsed.data;
    },
    enabled: !!uuid,
    staleTime: 5 * 60_000,
  });
}
