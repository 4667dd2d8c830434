import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { prefetchWinNotice } from "../lib/calls/win-notice";
import { prefetchNotices } from "../features/notices/api/my-notices";
import { prefetchRgSettings } from "../features/responsible-play/api/settings";
import { COOKIE, getCookie } from "../lib/cookies";
import { signedInAsAdmin } from "../lib/session";
import { PATHS, roundIdParam } from "../lib/paths";

/*
 * What a signed-in page needs beyond the entry comes through the shell's chunk (shell.tsx passes this
 * module on): the pages drawn inside the shell and the start-up asks that use the pages' and the shell's
 * modules. Their chunks are imported from here, not from the entry, so Rollup knows that whatever the
 * shell's chunk holds is already loaded when they come, and keeps the modules the shell shares with them
 * (money, the wallet's queries, the notices, Mantine's Badge …) in the shell's chunk. Imported from the
 * entry, each set of pages using such a module made it a small chunk of its own: a signed-in first load
 * fetched 20 of them beside the shell (docs/decisions/025).
 */

const loaders = {
  HomePage: () => import("../features/home/home-page"),
  MainCreditPage: () => import("../features/wallet/main-credit-page"),
  YourselfPage: () => import("../features/referral/yourself-page"),
  PrivilegePage: () => import("../features/privilege/privilege-page"),
  HomeAllLottoPage: () => import("../features/betting/home-all-lotto-page"),
  ReviewPostListPage: () => import("../features/betting/review-post-list-page"),
  ChangePasswordPage: () => import("../features/account/change-password-page"),
  AdminPage: () => import("../features/admin/admin-page"),
  ResultsPage: () => import("../features/lottery/results-page"),
  YeekeePage: () => import("../features/yeekee/yeekee-page"),
  GamesPage: () => import("../features/games/games-page"),
  ResponsiblePage: () => import("../features/responsible-play/responsible-page"),
  StatementPage: () => import("../features/responsible-play/statement-page"),
  NoticesPage: () => import("../features/notices/notices-page"),
  PayRatePage: () => import("../features/lottery/pay-rate-page"),
  ResultStatsPage: () => import("../features/lottery/result-stats-page"),
  ClosedNumbersPage: () => import("../features/lottery/closed-numbers-page"),
};

export type SignedInPageName = keyof typeof loaders;

/** The pages drawn inside the shell, each a chunk of its own; each page's module names its component as its key (checked by the type). */
export const SIGNED_IN_PAGES: { [K in SignedInPageName]: () => Promise<Record<K, ComponentType>> } = loaders;

/**
 * A signed-in first load's start-up asks that need the shell's or a page's modules (app/prefetch.ts asks for
 * the rest before the shell's chunk has come): the unread notices, a player's responsible-play settings and
 * wins not yet seen, the lotto list on the home page, and the round's data on a round's bet form (with the
 * lottery's round list when the round is not the lotto list's next one). Settles when every answer has come.
 */
export function prefetchSignedInData(
  client: QueryClient,
  { pathname, search }: Pick<Location, "pathname" | "search">,
  offsetMeasured: Promise<unknown>,
): Promise<unknown> {
  const failed = (e: unknown) => console.error("prefetch failed", e);
  const uuid = getCookie(COOKIE.uuid);
  const asked: Promise<unknown>[] = [];
  // Operators have no notices, reality check or slips of their own; their shell shows none (docs/decisions/049).
  if (uuid !== null && !signedInAsAdmin()) {
    asked.push(prefetchNotices(client), prefetchRgSettings(client, uuid), prefetchWinNotice(client, uuid));
  }
  let lottoList: Promise<unknown> = Promise.resolve();
  if (pathname === PATHS.home || pathname === PATHS.homeAllLotto) {
    lottoList = import("../lib/calls/lotto-list").then((m) => m.prefetchLottoList(client), failed);
    asked.push(lottoList);
  }
  const params = new URLSearchParams(search);
  const activityid = pathname === PATHS.homeAllLotto ? roundIdParam(params.get("activity")) : null;
  if (activityid !== null) {
    const betting = import("../features/betting/api/prefetch-round");
    asked.push(betting.then((m) => m.prefetchRound(client, activityid), failed));
    // A round that is not its lottery's next one is named from the lottery's round list, known once the lotto list is.
    asked.push(
      Promise.all([betting, lottoList]).then(([m]) => m.prefetchRoundList(client, activityid, params.get("lotto"), offsetMeasured), failed),
    );
  }
  return Promise.allSettled(asked);
}
