import { controlCharacterIssue, ErrorResponse } from "../../contract/common";
import { type BodyOf, pathOf, type ResponseOf, type RouteDef } from "../../contract/route";
import { SESSION_END_HEADER, sessionEndReasonOf } from "../../contract/auth";
import { COOKIE, getCookie, getCookieNow, removeCookie } from "./cookies";
import { SIGN_IN_PATH, signInAddress } from "./return-path";
import { SPEC_FALLBACKS } from "./fallback-messages";
import { yieldToMain } from "./yield-to-main";
import { ApiCallError } from "./api-error";
import { FIRST_TOUCH_EVENTS, loadZod, zodReady } from "./zod-on-demand";

/** Spec §7: every call times out after 50000 ms. */
const TIMEOUT_MS = 50_000;
export { ApiCallError, SIGN_IN_PATH };

const UNREACHABLE = "เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่";

type UnavailableListener = (route: RouteDef) => void;
const unavailableListeners = new Set<UnavailableListener>();

/**
 * Told of every call answered 503: the operator may just have closed the site (lib/site-config reads
 * the config again at once). Returns the unsubscribe.
 */
export function onUnavailable(listener: UnavailableListener): () => void {
  unavailableListeners.add(listener);
  return () => unavailableListeners.delete(listener);
}

/**
 * Whether the player has touched the page since it loaded (FIRST_TOUCH_EVENTS). Until then every call's body is the app's own (ids from
 * the address and the cookies, the start-up's and the first render's reads), and one sent before zod has come goes
 * without the browser's check of its body, which the server makes with the same schema: waiting for zod (25 KB)
 * put it in front of every start-up read, a file more on the way to the first paint (docs/decisions/065). From the
 * first touch on, a body may hold what the player typed, and is checked before it is sent, as always.
 */
const TOUCHES = FIRST_TOUCH_EVENTS;
let touched = typeof window === "undefined";
if (!touched) {
  const touch = () => {
    touched = true;
    for (const type of TOUCHES) window.removeEventListener(type, touch, true);
  };
  for (const type of TOUCHES) window.addEventListener(type, touch, { capture: true, passive: true });
}

/** Set once a 401 has sent the page to sign in; the page that loads there starts a new module. */
let leavingForSignIn = false;

/**
 * Calls one API route from its contract definition. The body is checked by the same schema the
 * server uses, so a mistake gets its Thai message before any request. A 401 clears the jwt and
 * sends the user to the sign-in page unless already there (spec §8), unless another tab renewed the
 * same player's token meanwhile: then the call is sent once more with it. Without a `fallbackMessage`, a
 * refusal that carries no message gets the specification's fallback for the call (SPEC_FALLBACKS).
 */
export async function callApi<R extends RouteDef>(
  route: R,
  body: BodyOf<R>,
  fallbackMessage?: string,
  extraHeaders: Record<string, string> = {},
  params?: Record<string, string | number>,
  /** Set on the one repeat after a 401 that met a token renewed elsewhere. */
  repeated = false,
): Promise<ResponseOf<R>> {
  // Calls are started in bunches (every query of a page mounting in one commit); each one's start (cookies,
  // the body's check, `fetch`) is a small task of its own rather than a slice of one long task (docs/decisions/025).
  await yieldToMain();
  const specFallback = SPEC_FALLBACKS.get(route);
  fallbackMessage ??= specFallback?.failed ?? "เกิดข้อผิดพลาด กรุณาลองใหม่";
  // The server's own first check, so a pasted control character gets the same Thai message here.
  const unsafe = controlCharacterIssue(body);
  if (unsafe) throw new ApiCallError(unsafe, 400);
  // A body's schema needs zod, which a first visit fetches only now or when the browser was idle (docs/decisions/059);
  // before the player's first touch, only if it has come (the body is the app's own: `touched` says why).
  const check = route.method === "POST" && (touched || zodReady());
  if (check) await loadZod();
  if (check && route.body) {
    const checked = route.body.safeParse(body);
    if (!checked.success) throw new ApiCallError(checked.error.issues[0]?.message ?? fallbackMessage, 400);
  }
  const headers: Record<string, string> = { ...extraHeaders };
  const token = getCookie(COOKIE.jwt);
  const player = getCookie(COOKIE.uuid);
  if (token && route.access !== "public") headers.authorization = `Bearer ${token}`;
  if (route.method === "POST") headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(pathOf(route, params), {
      method: route.method,
      headers,
      ...(route.method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    console.error(`API ${route.path} failed`, e);
    // The Thai reason first, then the specification's word for this call (e.g. "Login error").
    throw new ApiCallError(specFallback?.unreachable ? `${UNREACHABLE} (${specFallback.unreachable})` : UNREACHABLE, 0);
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status === 401 && route.access !== "public") {
    // Another tab may have renewed the token since this call read it (the cookies are kept between reads):
    // the call is sent once more with the browser's token rather than ending that session. Only for the same
    // player: a call is never repeated as someone another tab has signed in since. A 401 comes before a route's
    // handler runs (a renewal's aside, which only extends the session), and money calls carry their idempotency key.
    const current = getCookieNow(COOKIE.jwt);
    if (!repeated && current && current !== token && getCookie(COOKIE.uuid) === player) {
      return callApi(route, body, fallbackMessage, extraHeaders, params, true);
    }
    removeCookie(COOKIE.jwt);
    // The sign-in page says why (the server names it in WWW-Authenticate) and returns here afterwards (docs/decisions/029).
    const reason = sessionEndReasonOf(res.headers.get(SESSION_END_HEADER)) ?? "ended";
    // Several calls refused together leave once: a second replace would abort the first mid-way.
    if (location.pathname !== SIGN_IN_PATH && !leavingForSignIn) {
      leavingForSignIn = true;
      location.replace(signInAddress(reason, location.pathname + location.search + location.hash));
    }
  }
  if (res.status === 503) for (const listener of unavailableListeners) listener(route);
  if (!res.ok || !data) {
    // The server's message is preferred; withdrawal and game calls carry it in `msg` (spec §8).
    const message = (route.errorField === "msg" ? data?.msg : data?.message) ?? data?.message;
    console.error(`API ${route.path} answered ${res.status}`, data);
    await loadZod();
    const reason = ErrorResponse.shape.reason.safeParse(data?.reason).data;
    throw new ApiCallError(typeof message === "string" ? message : fallbackMessage, res.status, reason);
  }
  return data as ResponseOf<R>;
}
