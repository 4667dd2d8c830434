import { useMutation } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import type { BreakLength } from "../../../../domain/rg";
import { callApi } from "../../../lib/api";

/**
 * Starts a time-out or self-exclusion (`/api/rg/take-break`), sent only after the page's own confirmation.
 * The server revokes every session of the player at once, so the caller signs the browser out.
 */
export function useTakeBreak() {
  return useMutation({
    mutationFn: (length: BreakLength) => callApi(rg.takeBreak, { length, confirm: true }, "พักการเล่นไม่สำเร็จ กรุณาลองใหม่"),
  });
}
