import type { FastifyInstance } from "fastify";
import { site } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { siteContentRoutes } from "./content";
import { openSiteState, refuseWhileClosed } from "./open-site";
import { readSite, siteService } from "./service";

/** The site's own calls, and the closed-site check over every route that takes play or money in (decision 021). */
export function siteRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const openSite = openSiteState(() => readSite(db));
  refuseWhileClosed(app, openSite);
  const service = siteService(db, openSite);
  const r = routesOf(app, authenticate);
  r(site.getTimeNow, () => service.timeNow());
  r(site.readOpenSiteConfig, () => service.openSiteConfig());
  r(site.adminSetOpenSite, ({ body, user }) => service.setOpenSite(user, body));
  siteContentRoutes(app, authenticate, db);
}
