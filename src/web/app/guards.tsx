import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { COOKIE, getCookie } from "../lib/cookies";
import { useSession } from "../lib/session";
import { PATHS } from "./paths";

/** Spec §4: a non-public page without the jwt cookie logs the user out and goes to the sign-in page. */
export function RequireSignIn() {
  const { signOut } = useSession();
  const hasJwt = getCookie(COOKIE.jwt) !== null;
  useEffect(() => {
    if (!hasJwt) void signOut();
  }, [hasJwt, signOut]);
  return hasJwt ? <Outlet /> : <Navigate to={PATHS.signIn} replace />;
}
