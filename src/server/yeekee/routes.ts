import type { FastifyInstance } from "fastify";
import { yeekee } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { readYeekeeConfig, saveYeekeeConfig } from "./config";
import { yeekeeService } from "./service";
import { yeekeeWatch } from "./watch";

export function yeekeeRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, shotsPerMinute: number, shooterSecret: string) {
  const service = yeekeeService(db, shooterSecret);
  const r = routesOf(app, authenticate);
  // The per-round interval is enforced in the database; this address limit stops floods before it.
  r(yeekee.postNumberRecord, ({ body, user }) => service.shoot(user, body), { rateLimitPerMinute: shotsPerMinute, localRateLimit: true });
  r(yeekee.readNumberRecord, ({ body, user }) => service.shots(user, body.activityid, body.after ?? 0));
  r(yeekee.readLuckyPerson, ({ body, user }) => service.lucky(user, body ?? {}));
  r(yeekee.readYeekeeWatch, ({ body }) => yeekeeWatch(db, body.days));
  r(yeekee.adminReadYeekeeConfig, async () => ({ status: "Success" as const, config: await readYeekeeConfig(db) }));
  r(yeekee.adminSaveYeekeeConfig, ({ body, user }) => saveYeekeeConfig(db, user.uuid, body));
}
