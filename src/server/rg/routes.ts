import type { FastifyInstance } from "fastify";
import { rg } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { rgService } from "./service";

export function rgRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, auth: { forgetSessions(ids: string[]): void }) {
  const service = rgService(db, auth);
  const r = routesOf(app, authenticate);

  r(rg.readSettings, ({ user }) => service.read(user));
  r(rg.setLimit, ({ body, user }) => service.setLimit(user, body), { rateLimitPerMinute: 30 });
  r(rg.confirmLimit, ({ body, user }) => service.confirmLimit(user, body), { rateLimitPerMinute: 30 });
  r(rg.setRealityCheck, ({ body, user }) => service.setRealityCheck(user, body), { rateLimitPerMinute: 30 });
  r(rg.answerRealityCheck, ({ body, user }) => service.answerRealityCheck(user, body), { rateLimitPerMinute: 30 });
  r(rg.takeBreak, ({ body, user }) => service.takeBreak(user, body), { rateLimitPerMinute: 10 });
  r(rg.requestReturn, ({ user }) => service.requestReturn(user), { rateLimitPerMinute: 10 });
  r(rg.readStatement, ({ user }) => service.statement(user), { rateLimitPerMinute: 30 });
  r(rg.adminRgPlayers, () => service.players());
  r(rg.adminLowerLimit, ({ body, user }) => service.lowerLimit(user, body));
  r(rg.adminRgAudit, ({ body }) => service.auditOf(body));
}
