import type { ReactElement } from "react";
import { type RouteObject, matchRoutes } from "react-router";
import { ErrorPage } from "./error-page";
import { RequireSignIn } from "./guards";
import {
  type LazyPageComponent,
  AdminPage,
  ChangePasswordPage,
  ForgotPasswordPage,
  GamesPage,
  HomeAllLottoPage,
  HomePage,
  MainCreditPage,
  NoticesPage,
  PrivilegePage,
  RegisterPage,
  ResponsiblePage,
  ResultsPage,
  ReviewPostListPage,
  Shell,
  SignInPage,
  StatementPage,
  PayRatePage,
  ClosedNumbersPage,
  ResultStatsPage,
  YeekeePage,
  YourselfPage,
} from "./lazy-pages";
import { PATHS } from "../lib/paths";
import { SiteGate } from "./site-gate";

/** The app's routes, for main.tsx's router (made there, in a task of its own) and for preloadPagesOf. */
export const routes: RouteObject[] = [
  {
    // While the operator has closed the site, players see the maintenance page instead (decision 021).
    element: <SiteGate />,
    children: [
      // Sign-in and registration have no shell (spec §2).
      { path: PATHS.signIn, element: <SignInPage /> },
      { path: PATHS.register, element: <RegisterPage /> },
      { path: PATHS.registerWithReferrer, element: <RegisterPage /> },
      { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      {
        element: <RequireSignIn />,
        errorElement: <ErrorPage />,
        children: [
          {
            element: <Shell />,
            children: [
              { path: PATHS.home, element: <HomePage /> },
              { path: PATHS.mainCredit, element: <MainCreditPage /> },
              { path: PATHS.yourself, element: <YourselfPage /> },
              { path: PATHS.privilege, element: <PrivilegePage /> },
              { path: PATHS.homeAllLotto, element: <HomeAllLottoPage /> },
              { path: PATHS.reviewPostList, element: <ReviewPostListPage /> },
              { path: PATHS.changePassword, element: <ChangePasswordPage /> },
              { path: PATHS.admin, element: <AdminPage /> },
              { path: PATHS.results, element: <ResultsPage /> },
              { path: PATHS.yeekee, element: <YeekeePage /> },
              { path: PATHS.games, element: <GamesPage /> },
              { path: PATHS.responsible, element: <ResponsiblePage /> },
              { path: PATHS.statement, element: <StatementPage /> },
              { path: PATHS.notices, element: <NoticesPage /> },
              { path: PATHS.payRates, element: <PayRatePage /> },
              { path: PATHS.resultStats, element: <ResultStatsPage /> },
              { path: PATHS.closedNumbers, element: <ClosedNumbersPage /> },
              { path: "*", element: <HomePage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** Waits at most this long for the first address's chunks, data and fonts before drawing anyway (with the pages' spinners). */
const PRELOAD_WAIT_MS = 2000;

/** `p`, or nothing after PRELOAD_WAIT_MS: what the first render waits for, never for longer. */
export function withinFirstRenderWait(p: Promise<unknown>): Promise<unknown> {
  return Promise.race([p, new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS))]);
}

/**
 * The lazy pages `location` shows inside the shell (the shell and the page), fetched before the first
 * render, and `data` (the page's data asked for at start-up, app/prefetch.ts) answered: the chunks are
 * already on the way (the page's HTML preloads them), and with them and the data here the first render
 * draws the whole page at once, rather than a spinner, then the shell, then the page, each a render and a
 * layout of its own. An answer that came while React drew the first render in slices made React draw it
 * all again at once, unsliced (its queries are stores React checks for consistency; docs/decisions/025). A page
 * without the shell (sign-in, registration) is drawn at once as before, its own spinner showing while its
 * one chunk comes: waiting for it measured 3 points lower on the sign-in page (bench:web, five runs each).
 * Never fails: a chunk or an answer that cannot come is left to the page's own Suspense and error handling.
 */
export function preloadPagesOf(location: Pick<Location, "pathname">, data: Promise<unknown> = Promise.resolve()): Promise<unknown> {
  const pages = (matchRoutes(routes, location) ?? [])
    .map((m) => (m.route.element as ReactElement | undefined)?.type)
    .filter((t): t is LazyPageComponent => typeof t === "function" && "preload" in t);
  if (!pages.includes(Shell)) return Promise.resolve();
  return withinFirstRenderWait(Promise.allSettled([data, ...pages.map((p) => p.preload())]));
}
