import { SignJWT } from "jose";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testConfig } from "../tests/support/app";
import { createPlayer, playerData } from "../tests/support/players";
import { closeWelcomeBanner, phoneContext, screenshot, signInThroughPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/** At 360 × 740: forgot password, the session-ended message and the way back, the OTP retry after a failed registration (docs/decisions/029). */

const site = useSite();

async function smallPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}

/** Time passes: the phone's last code was sent over a minute ago (the one-a-minute gate). */
async function aMinuteLater(phone: string) {
  await site.owner.$client.query(`update otp_sends set sent_at = sent_at - interval '61 seconds' where phone = $1`, [phone]);
  await site.owner.$client.query(`update phone_verifications set sent_at = sent_at - interval '61 seconds' where phone = $1`, [phone]);
}

/** The next code sent to the phone (the recording sender keeps the last text per phone). */
async function nextCode(phone: string, before: string | null): Promise<string> {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const code = (() => {
      try {
        return site.sms.lastCode(phone);
      } catch {
        return null;
      }
    })();
    if (code && code !== before) return code;
  }
  throw new Error(`no new code for ${phone}`);
}

async function signInWith(page: Page, name: string, password: string) {
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
}

describe("forgot password", () => {
  it("a code to the registered phone, a wrong code refused, a new password; other devices are signed out and told why", async () => {
    const player = await createPlayer(site);
    const registrationCode = site.sms.lastCode(player.phonenumber);
    // The player is also signed in on another phone, on the deposit page.
    const other = await smallPhone();
    await signInThroughPage(other.page, player);
    await closeWelcomeBanner(other.page);
    await other.page.goto("/mainCredit");
    await other.page.locator('input[name="deposit-amount"]').waitFor();

    const { context, page } = await smallPhone();
    await page.goto("/singInPage");
    await page.getByLabel("ชื่อผู้ใช้หรือเบอร์โทรศัพท์").waitFor();
    await screenshot(page, "200-sign-in-phone-or-username");
    await page.getByTestId("forgot-password-link").click();
    await page.waitForURL("**/forgotPasswordPage");
    await aMinuteLater(player.phonenumber);
    await page.locator('input[name="phonenumber"]').fill(player.phonenumber);
    await page.getByRole("button", { name: "ขอรหัส OTP" }).click();
    await page.getByTestId("forgot-sent").waitFor();
    expect(await page.getByTestId("forgot-sent").textContent()).toContain("หากเบอร์นี้ลงทะเบียนไว้");
    const code = await nextCode(player.phonenumber, registrationCode);

    await page.locator('input[name="otp"]').fill(code === "000000" ? "111111" : "000000");
    await page.locator('input[name="password"]').fill("brand-new-pass-9");
    await page.locator('input[name="confirm"]').fill("brand-new-pass-9");
    await page.getByRole("button", { name: "ตั้งรหัสผ่านใหม่" }).click();
    await page.getByTestId("reset-error").filter({ hasText: "รหัส OTP ไม่ถูกต้องหรือหมดอายุแล้ว" }).waitFor();
    await screenshot(page, "201-forgot-password-wrong-code");

    await page.locator('input[name="otp"]').fill(code);
    await page.getByRole("button", { name: "ตั้งรหัสผ่านใหม่" }).click();
    await page.waitForURL("**/singInPage?reset=1");
    await page.getByTestId("signin-reset").waitFor();
    await screenshot(page, "202-password-reset-sign-in");
    // Signs in with the phone number and the new password.
    await signInWith(page, player.phonenumber, "brand-new-pass-9");
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByTestId("username").filter({ hasText: player.username }).waitFor();

    // The other phone's session was revoked: its next call lands on the sign-in page saying why, and
    // signing in brings it back to the deposit page.
    await other.page.getByTestId("refresh-credit").click();
    await other.page.waitForURL((u) => u.pathname === "/singInPage");
    const ended = other.page.getByTestId("signin-ended");
    await ended.waitFor();
    expect(await ended.getAttribute("data-reason")).toBe("revoked");
    expect(await ended.textContent()).toContain("ถูกยกเลิก");
    expect(new URL(other.page.url()).searchParams.get("next")).toBe("/mainCredit");
    await screenshot(other.page, "203-signed-out-revoked");
    await signInWith(other.page, player.username, "brand-new-pass-9");
    await other.page.waitForURL((u) => u.pathname === "/mainCredit");
    await other.page.locator('input[name="deposit-amount"]').waitFor();
    await context.close();
    await other.context.close();
  });
});

describe("a session that ended", () => {
  async function tokenLike(
    jwt: string,
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
    secret = testConfig().jwtSecret,
  ) {
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
    return new SignJWT(change(claims)).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(secret));
  }

  it("expired: the sign-in page says so in Thai and returns to the page the player was on", async () => {
    const player = await createPlayer(site);
    const { context, page } = await smallPhone();
    await signInThroughPage(page, player);
    await closeWelcomeBanner(page);
    const jwt = (await context.cookies()).find((c) => c.name === "jwt")!.value;
    // Off the site first, so the open page's own calls do not meet the changed token mid-navigation.
    await page.goto("about:blank");
    // The phone slept past the token's time.
    const expired = await tokenLike(jwt, (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 60 }));
    await context.addCookies([{ name: "jwt", value: expired, url: site.url, sameSite: "Strict" }]);
    // The page sends itself on to sign in as soon as its first call is refused: waiting for its load would race that.
    await page.goto("/reviewPostList?tab=done", { waitUntil: "commit" });
    await page.waitForURL((u) => u.pathname === "/singInPage");
    const ended = page.getByTestId("signin-ended");
    await ended.waitFor();
    expect(await ended.getAttribute("data-reason")).toBe("expired");
    expect(await ended.textContent()).toContain("หมดเวลาการเข้าสู่ระบบ");
    await screenshot(page, "204-session-expired");
    await signInWith(page, player.username, player.password);
    await page.waitForURL((u) => u.pathname === "/reviewPostList" && u.search === "?tab=done");
    await context.close();
  });

  it("altered: a token changed on the device is refused and the page says the sign-in data is not valid", async () => {
    const player = await createPlayer(site);
    const { context, page } = await smallPhone();
    await signInThroughPage(page, player);
    await closeWelcomeBanner(page);
    const jwt = (await context.cookies()).find((c) => c.name === "jwt")!.value;
    await page.goto("about:blank");
    const altered = await tokenLike(jwt, (c) => ({ ...c, userType: "vip" }), "not-the-site-secret-not-the-site-secret-00");
    await context.addCookies([{ name: "jwt", value: altered, url: site.url, sameSite: "Strict" }]);
    await page.goto("/mainCredit", { waitUntil: "commit" });
    // The page's first refused call replaces it with sign-in, so /mainCredit's own load may never finish.
    await page.waitForURL((u) => u.pathname === "/singInPage", { waitUntil: "commit" });
    await page.getByTestId("signin-ended").waitFor();
    expect(await page.getByTestId("signin-ended").getAttribute("data-reason")).toBe("invalid");
    await screenshot(page, "205-session-invalid");
    await signInWith(page, player.username, player.password);
    await page.waitForURL((u) => u.pathname === "/mainCredit");
    await context.close();
  });

  it("a visitor sent to sign in from a page returns to it; a next address off the site is ignored", async () => {
    const player = await createPlayer(site);
    const { context, page } = await smallPhone();
    await page.goto("/privilegePage");
    await page.waitForURL((u) => u.pathname === "/singInPage" && u.searchParams.get("next") === "/privilegePage");
    expect(await page.getByTestId("signin-ended").count()).toBe(0);
    await signInWith(page, player.username, player.password);
    await page.waitForURL((u) => u.pathname === "/privilegePage");

    const other = await smallPhone();
    for (const next of ["//evil.example/steal", "https://evil.example/", "/\\evil.example"]) {
      // Off the site first: the signed-in page would otherwise be sent to sign in by its own refused call
      // while this navigation runs, aborting it.
      await other.page.goto("about:blank");
      await other.context.clearCookies();
      await other.page.goto(`/singInPage?next=${encodeURIComponent(next)}`);
      await signInWith(other.page, player.username, player.password);
      await other.page.waitForURL((u) => u.pathname === "/");
      expect(new URL(other.page.url()).origin).toBe(site.url);
    }
    await context.close();
    await other.context.close();
  });
});

describe("OTP retry after a registration that failed", () => {
  it("the bank number was taken: starting over, the page says truthfully how long to wait, then a new code finishes the registration", async () => {
    const existing = await createPlayer(site);
    const data = playerData({ bankname: "scb" });
    const { context, page } = await smallPhone();
    await page.goto("/registerPage");
    await page.locator('input[name="phonenumber"]').fill(data.phonenumber);
    await page.getByRole("button", { name: "ขอรหัส OTP" }).click();
    await page.locator('input[name="otp"]').waitFor();
    const first = await site.sms.codeFor(data.phonenumber);
    await page.locator('input[name="otp"]').fill(first);
    await page.getByRole("button", { name: "ยืนยัน OTP" }).click();

    const fillAccount = async (bankno: string) => {
      await page.locator('input[name="username"]').fill(data.username);
      await page.locator('input[name="password"]').fill(data.password);
      await page.locator('input[name="confirm"]').fill(data.password);
      await page.getByRole("textbox", { name: "ธนาคาร", exact: true }).click();
      await page.getByRole("option", { name: "ธนาคารไทยพาณิชย์" }).click();
      await page.locator('input[name="bankno"]').fill(bankno);
      await page.locator('input[name="bankaccounts"]').fill(data.bankaccounts);
      await page.getByRole("button", { name: "สมัครสมาชิก" }).click();
    };
    await fillAccount(existing.bankno);
    await page.getByTestId("register-error").filter({ hasText: "เลขบัญชีธนาคารนี้ถูกใช้สมัครสมาชิกแล้ว" }).waitFor();
    await screenshot(page, "206-register-bank-taken");

    // The player starts over on a fresh page and asks for a code at once: told exactly how long to wait.
    await page.reload();
    await page.locator('input[name="phonenumber"]').fill(data.phonenumber);
    await page.getByRole("button", { name: "ขอรหัส OTP" }).click();
    const wait = page.getByText(/ขอรหัสใหม่ได้ในอีก \d+ วินาที/);
    await wait.waitFor();
    expect(await page.getByText("ขอรหัส OTP ได้ครั้งละ 60 วินาที").count()).toBe(0);
    await screenshot(page, "207-register-otp-wait");

    // A minute later (not 30) a new code comes, and the registration goes through with another account number.
    await aMinuteLater(data.phonenumber);
    await page.getByRole("button", { name: "ขอรหัส OTP" }).click();
    await page.locator('input[name="otp"]').waitFor();
    await page.locator('input[name="otp"]').fill(await nextCode(data.phonenumber, first));
    await page.getByRole("button", { name: "ยืนยัน OTP" }).click();
    await fillAccount(data.bankno);
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByTestId("username").filter({ hasText: data.username }).waitFor();
    await screenshot(page, "208-register-after-retry");
    const row = await site.owner.$client.query("select bank_no from users where username = $1", [data.username]);
    expect(row.rows[0]).toEqual({ bank_no: data.bankno });
    await context.close();
  });
});
