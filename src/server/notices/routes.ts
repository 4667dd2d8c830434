import type { FastifyInstance } from "fastify";
import { notices } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { noticesService } from "./service";
import { noticeView } from "./views";

export function noticesRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = noticesService(db);
  const r = routesOf(app, authenticate);

  r(notices.myNotices, async ({ user }) => {
    const { list, unread } = await service.mine(user);
    return { status: "Success" as const, notices: list.map(noticeView), unread };
  });
  r(notices.readNotice, async ({ body, user }) => ({ status: "Success" as const, unread: await service.markRead(user, body) }));
}
