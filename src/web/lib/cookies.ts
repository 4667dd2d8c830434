/** The session cookies of specification §3-4, kept by the browser (the server reads only the Bearer header). */
export const COOKIE = { jwt: "jwt", uuid: "uuid", username: "username", userType: "userType", bannerStatus: "bannerStatus" } as const;
export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

/** Spec §9: path /, strict same-site, max age 2678400 seconds (31 days). */
const MAX_AGE_SECONDS = 2_678_400;

export function getCookie(name: CookieName): string | null {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

export function setCookie(name: CookieName, value: string): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Strict${secure}`;
}

export function removeCookie(name: CookieName): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}
