import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/errors";
import type { RefusalReason } from "../../contract/common";
import { ApiError } from "./errors";

const THAI = /[\u0E00-\u0E7F]/;
export const DATABASE_AWAY = "ระบบฐานข้อมูลไม่พร้อมชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่";

/** The first validation issue in Thai; zod's own English default messages are replaced. */
function validationMessage(issues: ReadonlyArray<{ message?: string; instancePath?: string; params?: unknown }>): string {
  const first = issues[0];
  if (first?.message && THAI.test(first.message)) return first.message;
  const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
  return field ? `ข้อมูลไม่ถูกต้อง: ${field}` : "ข้อมูลที่ส่งมาไม่ถูกต้อง";
}

/**
 * Every error becomes `{status, message}` (plus `msg` where the client reads it), never a stack
 * trace or SQL. Routes flagged with errorField "msg" get the message under `msg` too.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const routeConfig = request.routeOptions.config as { errorField?: string; englishRefusals?: boolean } | undefined;
    const withMsg = routeConfig?.errorField === "msg";
    // A machine's call: the Thai refusal of its body with the same in English, unless the message has it already ("ไทย / English").
    const english = (thai: string, en: string) => (routeConfig?.englishRefusals && !thai.includes(" / ") ? `${thai} / ${en}` : thai);
    const send = (code: number, status: "Error" | "Failure", message: string, reason?: RefusalReason) =>
      reply.code(code).send({ status, message, ...(withMsg ? { msg: message } : {}), ...(reason ? { reason } : {}) });

    if (error instanceof ApiError) return send(error.statusCode, error.status, error.message, error.reason);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const field = error.validation[0]?.instancePath?.replace(/^\//, "").replace(/\//g, ".");
      return send(400, "Error", english(validationMessage(error.validation), `invalid ${field || "body"}`));
    }
    if (error.statusCode === 429) return send(429, "Error", "ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่");
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return send(415, "Error", "รองรับเฉพาะข้อมูลแบบ JSON");
    if (error.code === "LOTTO_JSON_TOO_DEEP") return send(400, "Error", english("ข้อมูลที่ส่งมาซ้อนกันลึกเกินไป", "the body nests too deeply"));
    if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY")
      return send(400, "Error", english("ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง", "the body is not valid JSON"));
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return send(413, "Error", "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป");
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(error.statusCode, "Error", "คำขอไม่ถูกต้อง");
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or failing over: the pool reconnects by itself; the client retries.
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", "5");
      return send(503, "Error", DATABASE_AWAY);
    }
    request.log.error({ err: error }, "unhandled error");
    return send(500, "Error", "เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง");
  });
}
