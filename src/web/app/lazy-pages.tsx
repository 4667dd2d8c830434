import { Center, Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/**
 * A thenable that calls back at once, unlike a Promise: React.lazy given one reads the component in the
 * same render instead of suspending (React reads the module from whatever `then` hands it first).
 */
function settled<T>(value: T): Promise<T> {
  return {
    then(onFulfilled: (v: T) => unknown) {
      onFulfilled(value);
    },
  } as unknown as Promise<T>;
}

/** A page component that can also fetch its chunk ahead of its first render. */
export type LazyPageComponent = ComponentType & { preload: () => Promise<void> };

/**
 * Every page is a chunk of its own, fetched when its route is first shown: a first visit of the
 * sign-in page or the home page loads neither the back office nor the bet form (issue 18's 200 KB).
 * Each page keeps its own Suspense boundary, so the shell stays on screen while a page's chunk comes.
 * `preload()` fetches the chunk ahead; once it is there the page renders at once, with no Suspense
 * fallback and no second render (main.tsx preloads the first address's pages before drawing it).
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPageComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const fetchPage = () => (loading ??= load().then((m) => (loaded = m[name])));
  const Page = lazy(() => (loaded ? settled({ default: loaded }) : fetchPage().then((c) => ({ default: c }))));
  function LazyPage() {
    return (
      <Suspense
        fallback={
          <Center mih={240} data-testid="page-loading" role="status" aria-label="กำลังโหลด">
            <Loader color="red" />
          </Center>
        }
      >
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  LazyPage.preload = () => fetchPage().then(() => undefined);
  return LazyPage;
}

export const Shell = lazyPage(() => import("./shell"), "Shell");
export const SignInPage = lazyPage(() => import("../features/auth/sign-in-page"), "SignInPage");
export const RegisterPage = lazyPage(() => import("../features/auth/register-page"), "RegisterPage");
export const ForgotPasswordPage = lazyPage(() => import("../features/auth/forgot-password-page"), "ForgotPasswordPage");
export const HomePage = lazyPage(() => import("../features/home/home-page"), "HomePage");
export const MainCreditPage = lazyPage(() => import("../features/wallet/main-credit-page"), "MainCreditPage");
export const YourselfPage = lazyPage(() => import("../features/referral/yourself-page"), "YourselfPage");
export const PrivilegePage = lazyPage(() => import("../features/privilege/privilege-page"), "PrivilegePage");
export const HomeAllLottoPage = lazyPage(() => import("../features/betting/home-all-lotto-page"), "HomeAllLottoPage");
export const ReviewPostListPage = lazyPage(() => import("../features/betting/review-post-list-page"), "ReviewPostListPage");
export const ChangePasswordPage = lazyPage(() => import("../features/account/change-password-page"), "ChangePasswordPage");
export const AdminPage = lazyPage(() => import("../features/admin/admin-page"), "AdminPage");
export const ResultsPage = lazyPage(() => import("../features/lottery/results-page"), "ResultsPage");
export const YeekeePage = lazyPage(() => import("../features/yeekee/yeekee-page"), "YeekeePage");
export const GamesPage = lazyPage(() => import("../features/games/games-page"), "GamesPage");
export const ResponsiblePage = lazyPage(() => import("../features/responsible-play/responsible-page"), "ResponsiblePage");
export const StatementPage = lazyPage(() => import("../features/responsible-play/statement-page"), "StatementPage");
export const NoticesPage = lazyPage(() => import("../features/notices/notices-page"), "NoticesPage");
export const PayRatePage = lazyPage(() => import("../features/lottery/pay-rate-page"), "PayRatePage");
export const ResultStatsPage = lazyPage(() => import("../features/lottery/result-stats-page"), "ResultStatsPage");
