/** The session cookies of specification §3-4, kept by the browser (the server reads only the Bearer header). */
export const COOKIE = { jwt: "jwt", uuid: "uuid", username: "username", userType: "userType", bannerStatus: "bannerStatus" } as const;
export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

/** Spec §9: path /, strict same-site, max age 2678400 seconds (31 days). */
const MAX_AGE_SECONDS = 2_678_400;

/**
 * The cookies as last read, or null until they are read again. Reading `document.cookie` asks the browser
 * process and waits for its answer: a load read it about twenty times, 30-55 ms of a page's main thread
 * in all and up to 27 ms for one read while the browser was busy loading (docs/decisions/025). So it is read once and
 * kept until it may have changed: this page wrote a cookie, or another tab may have (the cookie store's
 * change event where the browser has one, and in every browser whenever the page is shown, restored from
 * the back-forward cache or focused again). Values are kept as the browser gives them and decoded when
 * asked for, so another cookie on the domain that does not decode cannot break the session's.
 */
let jar: Map<string, string> | null = null;
let watching = false;

function forget() {
  jar = null;
}

function watchForChanges() {
  watching = true;
  if (typeof addEventListener !== "function") return;
  const store = (globalThis as { cookieStore?: EventTarget }).cookieStore;
  store?.addEventListener("change", forget);
  addEventListener("focus", forget);
  // A page restored from the back-forward cache (pageshow also comes with every first load).
  addEventListener("pageshow", (e) => {
    if ((e as PageTransitionEvent).persisted) forget();
  });
  document.addEventListener("visibilitychange", forget);
}

function read(): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k && !cookies.has(k)) cookies.set(k, v.join("="));
  }
  return cookies;
}

export function getCookie(name: CookieName): string | null {
  if (!watching) watchForChanges();
  jar ??= read();
  const value = jar.get(name);
  return value === undefined ? null : decodeURIComponent(value);
}

/** The cookie as the browser holds it now, read again: for a decision another tab's change must not miss. */
export function getCookieNow(name: CookieName): string | null {
  forget();
  return getCookie(name);
}

export function setCookie(name: CookieName, value: string): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Strict${secure}`;
  forget();
}

export function removeCookie(name: CookieName): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
  forget();
}
