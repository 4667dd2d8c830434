import { queryOptions } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** `/api/admin/referral-tree`: a player's referrer and the friends they brought. */
export const referralTreeQuery = (uuid: string | undefined) =>
  queryOptions({ queryKey: ["admin-referral-tree", uuid], queryFn: () => callApi(referral.adminReferralTree, { uuid: uuid! }) });
