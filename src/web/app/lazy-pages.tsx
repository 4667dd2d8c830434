import { Center, Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import type { SignedInPageName } from "./signed-in";

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
 * sign-in page or the home page loads neither the back office nor the bet form (the 200 KB budget of docs/decisions/025).
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

/** A page drawn inside the shell: its chunk is imported through the shell's (app/signed-in.ts says why). */
function signedInPage<K extends SignedInPageName>(name: K): LazyPageComponent {
  return lazyPage(() => import("./shell").then((m) => m.SIGNED_IN_PAGES[name]()), name);
}

export const SignInPage = lazyPage(() => import("../features/auth/sign-in-page"), "SignInPage");
export const RegisterPage = lazyPage(() => import("../features/auth/register-page"), "RegisterPage");
export const ForgotPasswordPage = lazyPage(() => import("../features/auth/forgot-password-page"), "ForgotPasswordPage");
export const HomePage = signedInPage("HomePage");
export const MainCreditPage = signedInPage("MainCreditPage");
export const YourselfPage = signedInPage("YourselfPage");
export const PrivilegePage = signedInPage("PrivilegePage");
export const HomeAllLottoPage = signedInPage("HomeAllLottoPage");
export const ReviewPostListPage = signedInPage("ReviewPostListPage");
export const ChangePasswordPage = signedInPage("ChangePasswordPage");
export const AdminPage = signedInPage("AdminPage");
export const ResultsPage = signedInPage("ResultsPage");
export const YeekeePage = signedInPage("YeekeePage");
export const GamesPage = signedInPage("GamesPage");
export const ResponsiblePage = signedInPage("ResponsiblePage");
export const StatementPage = signedInPage("StatementPage");
export const NoticesPage = signedInPage("NoticesPage");
export const PayRatePage = signedInPage("PayRatePage");
export const ResultStatsPage = signedInPage("ResultStatsPage");
export const ClosedNumbersPage = signedInPage("ClosedNumbersPage");
