import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/** A feed request older or newer than this is refused, so a captured request cannot be replayed later. */
const MAX_SKEW_MS = 5 * 60_000;

export function feedSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

/** Checks X-Feed-Timestamp / X-Feed-Signature (hex HMAC-SHA256 of "timestamp.body"). */
export function verifyFeed(request: FastifyRequest, secret: string | undefined, now = Date.now()): string | null {
  if (!secret) return "feed disabled: RESULT_FEED_SECRET is not set";
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
