// Machine feeds signed with a shared secret instead of a token (the result feed, the bank feed), and the
// flood-proof log of the requests they refuse.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/** A feed request older or newer than this is refused, so a captured request cannot be replayed later. */
const MAX_SKEW_MS = 5 * 60_000;

export function feedSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

/**
 * Checks X-Feed-Timestamp / X-Feed-Signature (hex HMAC-SHA256 of "timestamp.body"), for every machine feed (the
 * result feed, the bank feed of docs/decisions/045), each with its own secret; `secretName` names its variable.
 */
export function verifyFeed(request: FastifyRequest, secret: string | undefined, secretName: string, now = Date.now()): string | null {
  if (!secret) return `feed disabled: ${secretName} is not set`;
  const timestamp = String(request.headers["x-feed-timestamp"] ?? "");
  const signature = String(request.headers["x-feed-signature"] ?? "");
  const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? "";
  if (!/^\d{10,13}$/.test(timestamp)) return "missing or malformed X-Feed-Timestamp";
  const ms = timestamp.length === 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(now - ms) > MAX_SKEW_MS) return "timestamp outside the allowed window";
  const expected = Buffer.from(feedSignature(secret, timestamp, raw));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad signature";
  return null;
}

/**
 * Refused feed requests, logged without letting a flood write a row each (docs/decisions/022): the first refusal of
 * an address and problem in a window is written at once (a misconfigured feed shows up immediately);
 * the ones after it in the same window are counted and written as one row when the window ends.
 */
export function refusalLog(
  write: (entry: { ip: string; problem: string; count: number; first: boolean }) => Promise<void>,
  windowMs = 60_000,
) {
  const open = new Map<string, { ip: string; problem: string; count: number; timer: ReturnType<typeof setTimeout> }>();
  const close = async (key: string) => {
    const w = open.get(key);
    if (!w) return;
    open.delete(key);
    clearTimeout(w.timer);
    if (w.count > 0) await write({ ip: w.ip, problem: w.problem, count: w.count, first: false });
  };
  return {
    async refused(ip: string, problem: string): Promise<void> {
      const key = `${ip}\u0000${problem}`;
      const w = open.get(key);
      if (w) {
        w.count += 1;
        return;
      }
      const timer = setTimeout(() => void close(key).catch(() => {}), windowMs);
      timer.unref?.();
      open.set(key, { ip, problem, count: 0, timer });
      await write({ ip, problem, count: 1, first: true });
    },
    /** Writes every open window's count (the app closing). */
    async flush(): Promise<void> {
      await Promise.all([...open.keys()].map(close));
    },
  };
}
