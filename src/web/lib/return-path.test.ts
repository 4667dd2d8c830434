import { describe, expect, it } from "vitest";
import { safeReturnPath, signInAddress } from "./return-path";

const ORIGIN = "https://lotto.example";

describe("the page to return to after signing in", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeReturnPath("/mainCredit", ORIGIN)).toBe("/mainCredit");
    expect(safeReturnPath("/homeAllLotto?lotto=yeekee&activity=12#form", ORIGIN)).toBe("/homeAllLotto?lotto=yeekee&activity=12#form");
    expect(safeReturnPath("/reviewPostList/../mainCredit", ORIGIN)).toBe("/mainCredit");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/%0d%0aLocation:x",
    "/main\nCredit",
    " /mainCredit",
    "mainCredit",
    "",
    null,
    undefined,
    "/" + "a".repeat(1200),
  ])("refuses anything that is not a same-site path: %j", (raw) => {
    const got = safeReturnPath(raw, ORIGIN);
    if (got !== null) expect(new URL(got, ORIGIN).origin).toBe(ORIGIN);
    if (raw !== "/%0d%0aLocation:x") expect(got).toBeNull();
  });

  it("never returns to the sign-in or sign-up pages", () => {
    for (const p of ["/singInPage?next=/x", "/registerPage", "/register/5b0c", "/forgotPasswordPage"])
      expect(safeReturnPath(p, ORIGIN)).toBeNull();
  });

  it("the sign-in address carries the reason and the page", () => {
    expect(signInAddress("expired", "/mainCredit?tab=deposit")).toBe("/singInPage?ended=expired&next=%2FmainCredit%3Ftab%3Ddeposit");
    expect(signInAddress(null, "/")).toBe("/singInPage");
    expect(signInAddress("revoked", null)).toBe("/singInPage?ended=revoked");
  });
});
