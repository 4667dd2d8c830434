/** Reads the expiry of a token without verifying it (the server verifies); spec §8's error text. */
export function tokenExpiry(token: string): number {
  const part = token.split(".")[1];
  if (!part) throw new Error("Invalid token specified: missing part #2");
  try {
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/"));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    if (typeof exp !== "number") throw new Error("no exp");
    return exp;
  } catch (e) {
    throw new Error(`Invalid token specified: ${(e as Error).message}`);
  }
}
