import type { FastifyInstance } from "fastify";
import { site } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { siteService } from "./service";

export function siteRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = siteService(db);
  const r = routesOf(app, authenticate);
  r(site.getTimeNow, () => service.timeNow());
  r(site.readOpenSiteConfig, () => service.openSiteConfig());
}
