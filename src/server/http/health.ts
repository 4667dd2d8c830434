import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";

/**
 * For a load balancer or an orchestrator: `/healthz` answers while the process serves (live), `/readyz`
 * only while the database answers too (ready for traffic); 503 with a Thai message otherwise.
 */
export function healthRoutes(app: FastifyInstance, db: Db): void {
  app.get("/healthz", { logLevel: "warn" }, async () => ({ status: "Success", message: "ok" }));
  app.get("/readyz", { logLevel: "warn" }, async (_request, reply) => {
    try {
      await db.$client.query("select 1");
      return { status: "Success", message: "ok" };
    } catch {
      return reply.code(503).send({ status: "Error", message: "ระบบฐานข้อมูลยังไม่พร้อม กรุณาลองใหม่อีกครั้ง" });
    }
  });
}
