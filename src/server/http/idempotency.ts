import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../db/client";
import { badRequest, conflict } from "./errors";
import type { Narrow, Row } from "../db/rows";

export function requestHash(body: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(body ?? null))
    .digest("hex");
}

/** The optional `Idempotency-Key` header of a money call. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) throw badRequest("Idempotency-Key ต้องเป็นตัวอักษร 8-100 ตัว");
  return key;
}

/**
 * Runs `apply` once per (user, route, key) inside the caller's transaction. The key row is inserted
 * first, so a concurrent retry waits on it and then reads the stored answer; the same key with a
 * different body is refused with 409.
 */
export async function once<T>(
  tx: Executor,
  scope: { userId: string; route: string; key: string | null; body: unknown },
  apply: () => Promise<T>,
): Promise<T> {
  if (!scope.key) return apply();
  const hash = requestHash(scope.body);
  const inserted = await tx.execute(sql`
    insert into idempotency_keys (user_id, route, key, request_hash)
    values (${scope.userId}, ${scope.route}, ${scope.key}, ${hash})
    on conflict do nothing
    returning key`);
  if (inserted.rows.length === 0) {
    const existing = await tx.execute<Narrow<Row<"idempotency_keys", "request_hash" | "response">, { response: T | null }>>(sql`
      select request_hash, response from idempotency_keys
      where user_id = ${scope.userId} and route = ${scope.route} and key = ${scope.key}`);
    const row = existing.rows[0]!;
    if (row.request_hash !== hash) throw conflict("Idempotency-Key นี้ถูกใช้กับคำขออื่นแล้ว");
    if (row.response === null) throw conflict("คำขอนี้กำลังดำเนินการอยู่");
    return row.response;
  }
  const result = await apply();
  await tx.execute(sql`
    update idempotency_keys set response = ${JSON.stringify(result)}::jsonb, status_code = 200
    where user_id = ${scope.userId} and route = ${scope.route} and key = ${scope.key}`);
  return result;
}
