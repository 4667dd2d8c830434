import type { FastifyInstance } from "fastify";
import { points } from "../../contract";
import { MEMBER_LEVEL_LABELS } from "../../domain/points";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { pointsService } from "./service";
import { privilegeLogView } from "./views";

export function pointsRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = pointsService(db);
  const r = routesOf(app, authenticate);

  r(points.getPrivilegeLog, async ({ body, user }) => privilegeLogView(await service.log(user, body.uuid)));
  r(points.getSlotRedeemBonus, async () => ({ status: "Success" as const, redeembonuslist: await service.slots() }));
  r(points.redeemAllScore, async ({ body, user, request }) => {
    const done = await service.redeem(user, body, idempotencyKeyOf(request));
    return { status: "Success" as const, message: done.message, credit: done.credit, total_score: done.total_score, bonus: done.bonus };
  });

  r(points.adminReadPrivilegeConfig, async () => ({ status: "Success" as const, config: await service.adminConfig() }));
  r(points.adminSavePrivilegeConfig, async ({ body, user }) => ({
    status: "Success" as const,
    message: "บันทึกการตั้งค่าแต้มแล้ว",
    config: await service.saveConfig(user, body),
  }));
  r(points.adminAdjustPoints, async ({ body, user, request }) => {
    const done = await service.adjust(user, body, idempotencyKeyOf(request));
    return { status: "Success" as const, message: done.message, total_score: done.total_score };
  });
  r(points.adminSetMemberLevel, async ({ body, user }) => ({
    status: "Success" as const,
    message: `ระดับสมาชิกเป็น ${MEMBER_LEVEL_LABELS[await service.setLevel(user, body)]} แล้ว`,
  }));
}
