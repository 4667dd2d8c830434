import type { FastifyInstance } from "fastify";
import { yeekee } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { readYeekeeConfig, saveYeekeeConfig } from "./config";
import { yeekeeService } from "./service";
import { luckyView } from "./views";
import { yeekeeWatch } from "./watch";

export function yeekeeRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, shotsPerMinute: number, shooterSecret: string) {
  const service = yeekeeService(db, shooterSecret);
  const r = routesOf(app, authenticate);
  // The per-round interval is enforced in the database; this limit (per player, and per address before the token,
  // counted in memory: docs/decisions/072) stops floods before it.
  r(
    yeekee.postNumberRecord,
    async ({ body, user }) => ({ status: "Success" as const, message: "ยิงเลขแล้ว", ...(await service.shoot(user, body)) }),
    {
      rateLimitPerMinute: shotsPerMinute,
      localRateLimit: true,
    },
  );
  r(yeekee.readNumberRecord, async ({ body, user }) => ({
    status: "Success" as const,
    ...(await service.shots(user, body.activityid, body.after ?? 0)),
  }));
  r(yeekee.readLuckyPerson, async ({ body, user }) => ({
    status: "Success" as const,
    luckylist: (await service.lucky(user, body ?? {})).map(luckyView),
  }));
  r(yeekee.readYeekeeWatch, async ({ body }) => ({ status: "Success" as const, ...(await yeekeeWatch(db, body.days)) }));
  r(yeekee.adminReadYeekeeConfig, async () => ({ status: "Success" as const, config: await readYeekeeConfig(db) }));
  r(yeekee.adminSaveYeekeeConfig, async ({ body, user }) => ({
    status: "Success" as const,
    message: "บันทึกการตั้งค่ายี่กีแล้ว",
    config: await saveYeekeeConfig(db, user.uuid, body),
  }));
}
