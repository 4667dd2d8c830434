import type { FastifyInstance } from "fastify";
import { points } from "../../contract";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { pointsService } from "./service";

export function pointsRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = pointsService(db);
  const r = routesOf(app, authenticate);

  r(points.getPrivilegeLog, ({ body, user }) => service.log(user, body.uuid));
  r(points.getSlotRedeemBonus, () => service.slots());
  r(points.redeemAllScore, ({ body, user, request }) => service.redeem(user, body, idempotencyKeyOf(request)));

  r(points.adminReadPrivilegeConfig, () => service.adminConfig());
  r(points.adminSavePrivilegeConfig, ({ body, user }) => service.saveConfig(user, body));
  r(points.adminAdjustPoints, ({ body, user, request }) => service.adjust(user, body, idempotencyKeyOf(request)));
  r(points.adminSetMemberLevel, ({ body, user }) => service.setLevel(user, body));
}
