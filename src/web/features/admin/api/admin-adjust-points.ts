import { points } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/adjust-points`, under one Idempotency-Key per intended adjustment: a double tap or a retry moves the amount once. */
export const adminAdjustPoints = (body: BodyOf<typeof points.adminAdjustPoints>, idempotencyKey: string) =>
  callApi(points.adminAdjustPoints, body, undefined, { "Idempotency-Key": idempotencyKey });
