import type { QueryClient } from "@tanstack/react-query";
import { COOKIE, getCookie } from "../lib/cookies";
import { PATHS, roundIdParam } from "./paths";

/**
 * A signed-in first load of the home page or a round's bet form asks for the page's own data at once,
 * beside the page's code, rather than once the shell and the page have rendered: the page's main content
 * then waits for one round trip less (issue 18). The queries are the pages' own (same keys, functions and
 * caches), so the page finds them answered or in flight. The modules come from chunks the page's HTML
 * already preloads. Later navigations inside the app ask as the pages always have.
 */
export function prefetchPageData(client: QueryClient, { pathname, search }: Pick<Location, "pathname" | "search">): void {
  if (getCookie(COOKIE.jwt) === null) return;
  if (pathname !== PATHS.home && pathname !== PATHS.homeAllLotto) return;
  const failed = (e: unknown) => console.error("prefetch failed", e);
  import("../features/lottery/queries").then((m) => m.prefetchLottoList(client), failed);
  const activityid = pathname === PATHS.homeAllLotto ? roundIdParam(new URLSearchParams(search).get("activity")) : null;
  if (activityid !== null) import("../features/betting/queries").then((m) => m.prefetchRound(client, activityid), failed);
}
