import type { QueryClient } from "@tanstack/react-query";
import { COOKIE, getCookie } from "../lib/cookies";
import { measureServerOffset } from "../lib/server-clock";
import { prefetchSession, signedInAsAdmin } from "../lib/session";
import { prefetchSiteConfig } from "../lib/site-config";
import { prefetchSiteContent } from "../lib/site-content";
import { PATHS, roundIdParam } from "./paths";

/**
 * A signed-in first load asks for the page's own data at once, beside the page's code, rather than once
 * the shell and the page have rendered (issue 18): on every page, what the shell shows (the player's data
 * and credit, the site's state and words, the unread notices, the responsible-play settings, the wins not
 * yet seen) and the server clock's offset; the lotto list on the home page; the round's data on a round's
 * bet form, and the lottery's round list when the round is not the lotto list's next one. The page's main
 * content then waits for one round trip less, and the first render (main.tsx waits for these answers, a
 * little) has them: an answer that came after it made React draw its readers again at once, each in a task
 * of its own after the first paint, and its subscription ask after the paint. The queries are the pages' own
 * (same keys, functions and caches), so the page finds them answered or in flight. The modules come from
 * chunks the page's HTML already preloads. Later navigations inside the app ask as the pages always have.
 * Settles when every answer has come (a failed one included); never rejects.
 */
export function prefetchPageData(client: QueryClient, { pathname, search }: Pick<Location, "pathname" | "search">): Promise<unknown> {
  if (getCookie(COOKIE.jwt) === null) return Promise.resolve();
  const failed = (e: unknown) => console.error("prefetch failed", e);
  const uuid = getCookie(COOKIE.uuid);
  const offsetMeasured = measureServerOffset();
  const asked: Promise<unknown>[] = [prefetchSession(client), offsetMeasured, prefetchSiteConfig(client), prefetchSiteContent(client)];
  asked.push(import("../features/notices/use-notices").then((m) => m.prefetchNotices(client), failed));
  // Operators have no reality check and no slips.
  if (uuid !== null && !signedInAsAdmin()) {
    asked.push(import("../features/responsible-play/api/settings").then((m) => m.prefetchRgSettings(client, uuid), failed));
    asked.push(import("../features/account/api/win-notice").then((m) => m.prefetchWinNotice(client, uuid), failed));
  }
  let lottoList: Promise<unknown> = Promise.resolve();
  if (pathname === PATHS.home || pathname === PATHS.homeAllLotto) {
    lottoList = import("../features/lottery/queries").then((m) => m.prefetchLottoList(client), failed);
    asked.push(lottoList);
  }
  const params = new URLSearchParams(search);
  const activityid = pathname === PATHS.homeAllLotto ? roundIdParam(params.get("activity")) : null;
  if (activityid !== null) {
    const betting = import("../features/betting/queries");
    asked.push(betting.then((m) => m.prefetchRound(client, activityid), failed));
    // A round that is not its lottery's next one is named from the lottery's round list, known once the lotto list is.
    asked.push(Promise.all([betting, lottoList]).then(([m]) => m.prefetchRoundList(client, activityid, params.get("lotto"), offsetMeasured), failed));
  }
  return Promise.allSettled(asked);
}
