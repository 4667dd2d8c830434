import { useMutation } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { useKeepSettings } from "./settings";

/**
 * Sets, lowers, raises or removes (amount null) one limit (`/api/rg/set-limit`). Lowering applies at once;
 * a raise or removal waits, and the answer's `message` says so in Thai.
 */
export function useSetLimit() {
  const keep = useKeepSettings();
  return useMutation({
    mutationFn: (body: BodyOf<typeof rg.setLimit>) => callApi(rg.setLimit, body, "ตั้งวงเงินไม่สำเร็จ กรุณาลองใหม่"),
    onSuccess: keep,
  });
}
