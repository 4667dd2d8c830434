import type { FastifyInstance } from "fastify";
import { notices } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { noticesService } from "./service";

export function noticesRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = noticesService(db);
  const r = routesOf(app, authenticate);

  r(notices.myNotices, ({ user }) => service.mine(user));
  r(notices.readNotice, ({ body, user }) => service.markRead(user, body));
}
