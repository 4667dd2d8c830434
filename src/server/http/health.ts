import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";

/**
 * For a load balancer or an orchestrator: `/healthz` answers while the process serves (live), `/readyz`
 * only while the database answers too (ready for traffic); 503 with a Thai message otherwise.
 */
const READY_WITHIN_MS = 1_000;

export function healthRoutes(app: FastifyInstance, db: Db): void {
  app.get("/healthz", { logLevel: "warn" }, async () => ({ status: "Success", message: "ok" }));
  app.get("/readyz", { logLevel: "warn" }, async (_request, reply) => {
    // A frozen database must not hold the balancer's probe: no answer within a second is not ready (docs/decisions/051).
    let timer: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      db.$client.query("select 1").then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_WITHIN_MS))),
    ]);
    clearTimeout(timer);
    if (ready) return { status: "Success", message: "ok" };
    return reply.code(503).send({ status: "Error", message: "ระบบฐานข้อมูลยังไม่พร้อม กรุณาลองใหม่อีกครั้ง" });
  });
}
