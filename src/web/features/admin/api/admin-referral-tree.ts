import { queryOptions } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/referral-tree` */
export const adminReferralTree = (body: BodyOf<typeof referral.adminReferralTree>) => callApi(referral.adminReferralTree, body);

/** A player's referrer and the friends they brought. */
export const referralTreeQuery = (uuid: string | undefined) => queryOptions({ queryKey: ["admin-referral-tree", uuid], queryFn: () => adminReferralTree({ uuid: uuid! }) });
