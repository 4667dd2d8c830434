import { createBrowserRouter } from "react-router";
import { ChangePasswordPage } from "../features/account/change-password-page";
import { AdminPage } from "../features/admin/admin-page";
import { RegisterPage } from "../features/auth/register-page";
import { SignInPage } from "../features/auth/sign-in-page";
import { HomeAllLottoPage } from "../features/betting/home-all-lotto-page";
import { ReviewPostListPage } from "../features/betting/review-post-list-page";
import { GamesPage } from "../features/games/games-page";
import { HomePage } from "../features/home/home-page";
import { ResultsPage } from "../features/lottery/results-page";
import { PrivilegePage } from "../features/privilege/privilege-page";
import { YourselfPage } from "../features/referral/yourself-page";
import { ResponsiblePage } from "../features/responsible-play/responsible-page";
import { StatementPage } from "../features/responsible-play/statement-page";
import { MainCreditPage } from "../features/wallet/main-credit-page";
import { YeekeePage } from "../features/yeekee/yeekee-page";
import { ErrorPage } from "./error-page";
import { RequireSignIn } from "./guards";
import { PATHS } from "./paths";
import { Shell } from "./shell";
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
              { path: "*", element: <HomePage /> },
            ],
          },
        ],
      },
    ],
  },
]);
