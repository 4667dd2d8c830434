/** The PostgreSQL error behind a driver or ORM error (drizzle wraps it as `cause`). */
export function pgError(e: unknown): { code?: string; constraint?: string; detail?: string } {
  const err = (e as { cause?: unknown } | null)?.cause ?? e;
  return typeof err === "object" && err !== null ? (err as { code?: string; constraint?: string; detail?: string }) : {};
}

export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const p = pgError(e);
  return p.code === "23505" && (constraint === undefined || p.constraint === constraint);
}

/** PostgreSQL's SQLSTATE for "terminating connection due to administrator command" (a stop of the database). */
export const ADMIN_SHUTDOWN = "57P01";

const UNAVAILABLE_CODES = new Set([
  ADMIN_SHUTDOWN,
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);

/**
 * Whether an error means the database is away (restarting, failing over, refusing connections) rather
 * than that the request was wrong: the connection was refused or cut, or PostgreSQL is shutting down or
 * out of connections (SQLSTATE class 08, 57P01-57P03, 53300).
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (
    let err = e as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    err && depth < 4;
    err = err.cause as typeof err, depth++
  ) {
    const code = typeof err.code === "string" ? err.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
    const message = typeof err.message === "string" ? err.message : "";
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
