import { queryOptions } from "@tanstack/react-query";
import { auth } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** The referrer named in a sign-up link (`/get-userInfoByID`). */
export const referrerQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: ["referrer", id],
    queryFn: () => callApi(auth.getUserInfoById, { id: id! }),
  });
