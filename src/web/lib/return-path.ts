import type { SessionEndReason } from "../../contract/auth";

/** The sign-in page (spec §2's spelling). */
export const SIGN_IN_PATH = "/singInPage";

/** Pages a player is never sent back to after signing in: the sign-in and sign-up pages themselves. */
const NOT_RETURNED_TO = [SIGN_IN_PATH, "/registerPage", "/forgotPasswordPage"];

/**
 * The page to return to after signing in, when `raw` is a path of this site (docs/decisions/029); null otherwise.
 * Only a path is taken, never an address: "//evil.example", "/\evil.example", "https://…", schemes and
 * control characters are refused, and what is left must resolve to this origin, so the sign-in page
 * cannot be made into an open redirect.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || raw.length > 1000) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (NOT_RETURNED_TO.includes(url.pathname) || url.pathname.startsWith("/register/")) return null;
  return url.pathname + url.search + url.hash;
}

/** Why the player is on the sign-in page: a session that ended (the server's reason), or none known. */
export type SignInReason = SessionEndReason | "ended";

/**
 * The sign-in page's address after a session ended: `ended` names why (the page says it in Thai) and
 * `next` the page to return to (checked again by the sign-in page with safeReturnPath).
 */
export function signInAddress(reason: SignInReason | null, next: string | null): string {
  const params = new URLSearchParams();
  if (reason) params.set("ended", reason);
  if (next && next !== "/") params.set("next", next);
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}
