import type { FastifyInstance } from "fastify";
import { site } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, registerRoute } from "../http/register-route";
import { siteService } from "./service";

export function siteRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = siteService(db);
  registerRoute(app, authenticate, site.getTimeNow, () => service.timeNow());
  registerRoute(app, authenticate, site.readOpenSiteConfig, () => service.openSiteConfig());
}
