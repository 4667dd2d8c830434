/** The PostgreSQL error behind a driver or ORM error (drizzle wraps it as `cause`). */
export function pgError(e: unknown): { code?: string; constraint?: string; detail?: string } {
  const err = (e as { cause?: unknown } | null)?.cause ?? e;
  return typeof err === "object" && err !== null ? (err as { code?: string; constraint?: string; detail?: string }) : {};
}

export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const p = pgError(e);
  return p.code === "23505" && (constraint === undefined || p.constraint === constraint);
}
