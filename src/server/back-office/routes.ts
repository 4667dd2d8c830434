import type { FastifyInstance } from "fastify";
import { backOffice } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { backOfficeService } from "./service";
import { playerListReply, playerViewReply, reportReply } from "./views";

/** The back office's player view and reports (docs/decisions/027); admin-only through their contract. */
export function backOfficeRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = backOfficeService(db);
  const r = routesOf(app, authenticate);
  r(backOffice.adminPlayerList, async ({ body, user }) => playerListReply(await service.playerList(user, body.sort, body.page)));
  r(backOffice.adminPlayerView, async ({ body, user }) => playerViewReply(await service.playerView(user, body.uuid)));
  r(backOffice.adminReport, async ({ body, user }) => reportReply(body, await service.report(user, body)));
}
