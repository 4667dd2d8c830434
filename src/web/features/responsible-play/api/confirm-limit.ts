import { useMutation } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { useKeepSettings } from "./settings";

/** Confirms a raise or removal once its 24 hours have passed (`/api/rg/confirm-limit`). */
export function useConfirmLimit() {
  const keep = useKeepSettings();
  return useMutation({
    mutationFn: (body: BodyOf<typeof rg.confirmLimit>) => callApi(rg.confirmLimit, body, "ยืนยันวงเงินไม่สำเร็จ กรุณาลองใหม่"),
    onSuccess: keep,
  });
}
