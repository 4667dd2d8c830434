/** The routes of spec §2 (spellings kept) and the other pages inside the shell. */
export const PATHS = {
  home: "/",
  signIn: "/singInPage",
  register: "/registerPage",
  /** Forgot password: a code by SMS to the registered phone (docs/decisions/029). */
  forgotPassword: "/forgotPasswordPage",
  registerWithReferrer: "/register/:uuid",
  mainCredit: "/mainCredit",
  yourself: "/yourselfPage",
  privilege: "/privilegePage",
  homeAllLotto: "/homeAllLotto",
  reviewPostList: "/reviewPostList",
  changePassword: "/changePasswordPage",
  admin: "/admin",
  results: "/resultsPage",
  yeekee: "/yeekeePage/:activityid",
  games: "/gamePage",
  responsible: "/responsiblePage",
  statement: "/statementPage",
  notices: "/noticesPage",
  payRates: "/payRatePage",
  resultStats: "/resultStatsPage",
  /** Restricted numbers (เลขอั้น) of a lottery's round; not a spec route (docs/decisions/050). */
  closedNumbers: "/closedNumbersPage",
} as const;

/** The live page of a yeekee round; `lotto` (the lottery) lets it find the round's name at once. */
export const yeekeePagePath = (activityid: number, lotto?: string) =>
  `/yeekeePage/${activityid}${lotto ? `?lotto=${encodeURIComponent(lotto)}` : ""}`;

/** The bet form of one round. */
export const betPagePath = (lotto: string, activityid: number) =>
  `${PATHS.homeAllLotto}?lotto=${encodeURIComponent(lotto)}&activity=${activityid}`;

/** The restricted numbers of a lottery: of the round given, else of its next round. */
export const closedNumbersPath = (lotto: string, activityid?: number) =>
  `${PATHS.closedNumbers}?lotto=${encodeURIComponent(lotto)}${activityid ? `&activity=${activityid}` : ""}`;

export const referralLink = (origin: string, uuid: string) => `${origin}/register/${uuid}`;

/** A round id from an address (the bet form's `activity`, the yeekee page's `:activityid`): a positive whole number, else null. */
export function roundIdParam(s: string | null | undefined): number | null {
  if (!s || !/^\d{1,15}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}
