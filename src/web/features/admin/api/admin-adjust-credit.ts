import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/adjust-credit`, under one Idempotency-Key per intended adjustment: a double tap or a retry moves the amount once. */
export const adminAdjustCredit = (body: BodyOf<typeof wallet.adminAdjustCredit>, idempotencyKey: string) =>
  callApi(wallet.adminAdjustCredit, body, undefined, { "Idempotency-Key": idempotencyKey });
