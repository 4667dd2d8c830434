import { useMutation } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useKeepSettings } from "./settings";

/** Chooses the reality-check interval in minutes, or null for off (`/api/rg/set-reality-check`). */
export function useSetRealityCheck() {
  const keep = useKeepSettings();
  return useMutation({
    mutationFn: (minutes: number | null) => callApi(rg.setRealityCheck, { minutes }, "ตั้งการเตือนเวลาเล่นไม่สำเร็จ กรุณาลองใหม่"),
    onSuccess: keep,
  });
}
