import type { QueryClient } from "@tanstack/react-query";
import { COOKIE, getCookie } from "../lib/cookies";
import { prefetchSession } from "../lib/session";
import { PATHS, roundIdParam } from "./paths";

/**
 * A signed-in first load asks for the page's own data at once, beside the page's code, rather than once
 * the shell and the page have rendered: the player's data and credit on every page, the lotto list on the
 * home page, the round's data on a round's bet form (issue 18). The page's main content then waits for one
 * round trip less, and the first render (main.tsx waits for these answers, a little) has them. The queries
 * are the pages' own (same keys, functions and caches), so the page finds them answered or in flight. The
 * modules come from chunks the page's HTML already preloads. Later navigations inside the app ask as the
 * pages always have. Settles when every answer has come (a failed one included); never rejects.
 */
export function prefetchPageData(client: QueryClient, { pathname, search }: Pick<Location, "pathname" | "search">): Promise<unknown> {
  if (getCookie(COOKIE.jwt) === null) return Promise.resolve();
  const failed = (e: unknown) => console.error("prefetch failed", e);
  const asked: Promise<unknown>[] = [prefetchSession(client)];
  if (pathname === PATHS.home || pathname === PATHS.homeAllLotto) asked.push(import("../features/lottery/queries").then((m) => m.prefetchLottoList(client), failed));
  const activityid = pathname === PATHS.homeAllLotto ? roundIdParam(new URLSearchParams(search).get("activity")) : null;
  if (activityid !== null) asked.push(import("../features/betting/queries").then((m) => m.prefetchRound(client, activityid), failed));
  return Promise.allSettled(asked);
}
