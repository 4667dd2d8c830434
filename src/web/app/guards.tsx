import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { COOKIE, getCookie } from "../lib/cookies";
import { signInAddress } from "../lib/return-path";
import { useSession } from "../lib/session";

/**
 * Spec §4: a non-public page without the jwt cookie logs the user out and goes to the sign-in page,
 * which brings the player back to this page after signing in (docs/decisions/029).
 */
export function RequireSignIn() {
  const { signOut } = useSession();
  const location = useLocation();
  const hasJwt = getCookie(COOKIE.jwt) !== null;
  useEffect(() => {
    if (!hasJwt) void signOut();
  }, [hasJwt, signOut]);
  return hasJwt ? <Outlet /> : <Navigate to={signInAddress(null, location.pathname + location.search + location.hash)} replace />;
}
