import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { auth } from "../../contract";
import { baht, type Baht } from "../../domain/money";
import type { z } from "zod";
import { callApi } from "./api";
import { COOKIE, getCookie, getCookieNow, removeCookie, setCookie } from "./cookies";
import { tokenExpiry } from "./jwt";
import { prefetchAtStart } from "./start-up";

/** Spec §4: renew when under about 2 minutes of validity remain. */
const RENEW_WHEN_UNDER_SECONDS = 120;
const RENEW_CHECK_EVERY_MS = 20_000;

interface Session {
  loginStatus: boolean;
  username: string | null;
  uuid: string | null;
  isAdmin: boolean;
  credit: Baht | undefined;
  creditLoading: boolean;
  refreshCredit: () => void;
  /** The content-wide spinner of spec §2. */
  loading: boolean;
  setLoading: (loading: boolean) => void;
  /** A completed sign-in (/login, or /login-totp for an admin with a second factor). */
  signIn: (result: z.output<typeof auth.SignedIn>) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error("useSession outside SessionProvider");
  return s;
}

export const CREDIT_KEY = ["credit"] as const;
const ROLE_KEY = "role";

/** Whether the one signed in here signed in as an operator (kept at sign-in; only decides what the browser shows and asks). */
export const signedInAsAdmin = (): boolean => localStorage.getItem(ROLE_KEY) === "admin";

/** The signed-in player's own data (spec §4), by uuid. */
const userQuery = (uuid: string | null) =>
  queryOptions({
    queryKey: ["user", uuid],
    queryFn: () => callApi(auth.getUsername, { uuid: uuid! }),
    staleTime: 5 * 60_000,
  });

const creditQuery = queryOptions({
  queryKey: CREDIT_KEY,
  queryFn: () => callApi(auth.getCredit, {}),
  staleTime: 15_000,
  // Credit can change from elsewhere (an operator approves a deposit), so it is refreshed now and then.
  refetchInterval: 30_000,
});

/**
 * Start-up (app/prefetch.ts) on a signed-in load: the player's data and credit asked for beside the page's
 * code, with the queries `SessionProvider` reads, so the first render has them (docs/decisions/025).
 */
export function prefetchSession(client: QueryClient): Promise<unknown> {
  const uuid = getCookie(COOKIE.uuid);
  // An operator has no credit account: the header shows none (docs/decisions/049).
  return Promise.all([
    uuid ? prefetchAtStart(client, userQuery(uuid)) : undefined,
    signedInAsAdmin() ? undefined : prefetchAtStart(client, creditQuery),
  ]);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [loginStatus, setLoginStatus] = useState(() => getCookie(COOKIE.jwt) !== null);
  const [username, setUsername] = useState(() => getCookie(COOKIE.username));
  // Only decides what the browser shows; the server checks the role on every admin call.
  const [isAdmin, setIsAdmin] = useState(signedInAsAdmin);
  const [loading, setLoading] = useState(false);

  // Spec §4: when signed in, the user data is loaded along with the credit.
  const uuid = loginStatus ? getCookie(COOKIE.uuid) : null;
  const user = useQuery({ ...userQuery(uuid), enabled: loginStatus && !!uuid });
  useEffect(() => {
    if (user.data) {
      setUsername(user.data.username);
      // Written only when it changes: a write makes the next cookie read ask the browser again (lib/cookies).
      if (getCookie(COOKIE.userType) !== user.data.userType) setCookie(COOKIE.userType, user.data.userType);
    }
  }, [user.data]);

  const credit = useQuery({ ...creditQuery, enabled: loginStatus && !isAdmin });

  const signIn = useCallback((result: z.output<typeof auth.SignedIn>) => {
    setCookie(COOKIE.jwt, result.jwt);
    setCookie(COOKIE.uuid, result.uuid);
    setCookie(COOKIE.username, result.username);
    setCookie(COOKIE.userType, result.userType);
    removeCookie(COOKIE.bannerStatus);
    localStorage.setItem(ROLE_KEY, result.role);
    setIsAdmin(result.role === "admin");
    setUsername(result.username);
    setLoginStatus(true);
  }, []);

  const signOut = useCallback(async () => {
    // The server is told first so this token stops working even if it was copied elsewhere.
    if (getCookie(COOKIE.jwt)) await callApi(auth.logout, {}).catch((e) => console.error("logout", e));
    for (const name of Object.values(COOKIE)) removeCookie(name);
    localStorage.clear();
    queryClient.clear();
    setUsername(null);
    setIsAdmin(false);
    setLoginStatus(false);
  }, [queryClient]);

  // Renewal through /api/href while the token is still valid.
  useEffect(() => {
    if (!loginStatus) return;
    const check = async () => {
      // Read again: another tab may have renewed it already.
      const token = getCookieNow(COOKIE.jwt);
      if (!token) return;
      try {
        if (tokenExpiry(token) - Date.now() / 1000 < RENEW_WHEN_UNDER_SECONDS) {
          const renewed = await callApi(auth.renewToken, {});
          setCookie(COOKIE.jwt, renewed.jwt);
        }
      } catch (e) {
        console.error("token renewal failed", e);
      }
    };
    // The first check is a task of its own: in the effects run as the page first appears, its fresh cookie
    // read (a wait on the browser) lengthened the longest task after the first paint (docs/decisions/025).
    const first = setTimeout(() => void check(), 0);
    const timer = setInterval(() => void check(), RENEW_CHECK_EVERY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [loginStatus]);

  const value = useMemo<Session>(
    () => ({
      loginStatus,
      username,
      uuid,
      isAdmin,
      credit: credit.data === undefined ? undefined : baht(credit.data.credit),
      creditLoading: credit.isFetching,
      refreshCredit: () => void queryClient.invalidateQueries({ queryKey: CREDIT_KEY }),
      loading,
      setLoading,
      signIn,
      signOut,
    }),
    [loginStatus, username, uuid, isAdmin, credit.data, credit.isFetching, queryClient, loading, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
