import { useMutation } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { useKeepSettings } from "./settings";

/** Answers a due reality check (`/api/rg/reality-check-answer`); "continue" brings the next due time back. */
export function useAnswerRealityCheck() {
  const keep = useKeepSettings();
  return useMutation({
    mutationFn: (answer: "continue" | "signout") => callApi(rg.answerRealityCheck, { answer }, "ส่งคำตอบไม่สำเร็จ กรุณาลองใหม่"),
    onSuccess: keep,
  });
}
