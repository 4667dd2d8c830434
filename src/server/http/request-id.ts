import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** An id a proxy or a client may send: short, and nothing that could break a log line or a header. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;

/**
 * Fastify's `genReqId`: the request's `x-request-id` when it is a sane token (a reverse proxy's id
 * follows the request through our logs), otherwise this instance's prefix and a counter: unique across
 * instances without drawing randomness per request.
 */
export function requestIdGenerator(): (req: IncomingMessage) => string {
  const prefix = randomBytes(4).toString("hex");
  let next = 0;
  return (req) => {
    const given = req.headers["x-request-id"];
    if (typeof given === "string" && SANE_ID.test(given)) return given;
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
}
