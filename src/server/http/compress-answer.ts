import type { FastifyReply, FastifyRequest } from "fastify";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Answers smaller than this go as they are: compressing them saves less than its own cost. */
export const COMPRESS_FROM_BYTES = 4096;

/** The encoding to answer in for an Accept-Encoding header: brotli, else gzip, else none (a q of 0 refuses one). */
export function answerEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

/**
 * A route's onSend hook for the large list answers (the lotto list, a day's rounds: 17-25 KB of JSON): sent compressed
 * to a browser that accepts it, brotli at quality 4 (a fraction of a millisecond for 25 KB) or gzip. Only the routes
 * that ask for it (`RouteOptions.compress`), not every answer: a bet's answer is small, and its path unchanged
 * (docs/decisions/067).
 */
export async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || (typeof payload !== "string" && !Buffer.isBuffer(payload))) return payload;
  if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
  // Added to what is there (CORS may have said Origin), not in its place.
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding");
  const encoding = answerEncoding(request.headers["accept-encoding"]);
  if (encoding === null) return payload;
  reply.header("content-encoding", encoding);
  reply.removeHeader("content-length");
  return encoding === "br"
    ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(payload, { level: 6 });
}
