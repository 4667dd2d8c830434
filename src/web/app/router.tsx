import { createBrowserRouter } from "react-router";
import { ErrorPage } from "./error-page";
import { RequireSignIn } from "./guards";
import {
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
  ResultStatsPage,
  YeekeePage,
  YourselfPage,
} from "./lazy-pages";
import { PATHS } from "./paths";
import { SiteGate } from "./site-gate";

export const router = createBrowserRouter([
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
              { path: "*", element: <HomePage /> },
            ],
          },
        ],
      },
    ],
  },
]);
