import type { FastifyInstance } from "fastify";
import { rg } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { rgService } from "./service";
import { rgAuditView, rgPlayersView, settingsView } from "./views";

export function rgRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, auth: { forgetSessions(ids: string[]): void }) {
  const service = rgService(db, auth);
  const r = routesOf(app, authenticate);

  r(rg.readSettings, async ({ user }) => settingsView(await service.read(user)));
  r(rg.setLimit, async ({ body, user }) => settingsView(await service.setLimit(user, body)), { rateLimitPerMinute: 30 });
  r(rg.confirmLimit, async ({ body, user }) => settingsView(await service.confirmLimit(user, body)), { rateLimitPerMinute: 30 });
  r(rg.setRealityCheck, async ({ body, user }) => settingsView(await service.setRealityCheck(user, body)), { rateLimitPerMinute: 30 });
  r(rg.answerRealityCheck, async ({ body, user }) => settingsView(await service.answerRealityCheck(user, body)), {
    rateLimitPerMinute: 30,
  });
  r(rg.takeBreak, async ({ body, user }) => settingsView(await service.takeBreak(user, body)), { rateLimitPerMinute: 10 });
  r(rg.requestReturn, async ({ user }) => settingsView(await service.requestReturn(user)), { rateLimitPerMinute: 10 });
  r(rg.readStatement, async ({ user }) => ({ status: "Success" as const, ...(await service.statement(user)) }), { rateLimitPerMinute: 30 });
  r(rg.adminRgPlayers, async () => rgPlayersView(await service.players()));
  r(rg.adminLowerLimit, async ({ body, user }) => {
    await service.lowerLimit(user, body);
    return { status: "Success" as const, message: "ลดวงเงินของผู้เล่นแล้ว มีผลทันที" };
  });
  r(rg.adminRgAudit, async ({ body }) => rgAuditView(await service.auditOf(body)));
}
