/** The routes of spec §2 (spellings kept) and the other pages inside the shell. */
export const PATHS = {
  home: "/",
  signIn: "/singInPage",
  register: "/registerPage",
  registerWithReferrer: "/register/:uuid",
  mainCredit: "/mainCredit",
  yourself: "/yourselfPage",
  homeAllLotto: "/homeAllLotto",
  reviewPostList: "/reviewPostList",
  changePassword: "/changePasswordPage",
  admin: "/admin",
  results: "/resultsPage",
} as const;

export const referralLink = (origin: string, uuid: string) => `${origin}/register/${uuid}`;
