import { useMutation } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useKeepSettings } from "./settings";

/** Asks to come back after a break has ended (`/api/rg/request-return`); the answer says when the account opens. */
export function useRequestReturn() {
  const keep = useKeepSettings();
  return useMutation({
    mutationFn: () => callApi(rg.requestReturn, {}, "ขอกลับมาเล่นไม่สำเร็จ กรุณาลองใหม่"),
    onSuccess: keep,
  });
}
