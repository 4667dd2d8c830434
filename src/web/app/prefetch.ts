import type { QueryClient } from "@tanstack/react-query";
import { COOKIE, getCookie } from "../lib/cookies";
import { measureServerOffset } from "../lib/server-clock";
import { prefetchSession } from "../lib/session";
import { prefetchSiteConfig } from "../lib/site-config";
import { prefetchSiteContent } from "../lib/site-content";

/**
 * A signed-in first load asks for the page's own data at once, beside the page's code, rather than once
 * the shell and the page have rendered (docs/decisions/025): on every page, what the shell shows (the player's data
 * and credit, the site's state and words, the unread notices, the responsible-play settings, the wins not
 * yet seen) and the server clock's offset; the lotto list on the home page; the round's data on a round's
 * bet form, and the lottery's round list when the round is not the lotto list's next one. The page's main
 * content then waits for one round trip less, and the first render (main.tsx waits for these answers, a
 * little) has them: an answer that came after it made React draw its readers again at once, each in a task
 * of its own after the first paint, and its subscription ask after the paint. The queries are the pages' own
 * (same keys, functions and caches), so the page finds them answered or in flight. What the entry holds is
 * asked for here at once; the rest once the shell's chunk, which the page's HTML already preloads, has run
 * (app/signed-in.ts). Later navigations inside the app ask as the pages always have.
 * Settles when every answer has come (a failed one included); never rejects.
 */
export function prefetchPageData(client: QueryClient, location: Pick<Location, "pathname" | "search">): Promise<unknown> {
  if (getCookie(COOKIE.jwt) === null) return Promise.resolve();
  const offsetMeasured = measureServerOffset();
  return Promise.allSettled([
    prefetchSession(client),
    offsetMeasured,
    prefetchSiteConfig(client),
    prefetchSiteContent(client),
    // The only one that can fail: the shell's chunk not coming.
    import("./shell").then(
      (m) => m.prefetchSignedInData(client, location, offsetMeasured),
      (e: unknown) => console.error("prefetch failed", e),
    ),
  ]);
}
