import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { base32Decode, totpAt } from "../src/server/auth/totp";
import { TEST_ADMIN } from "../tests/support/app";
import { phoneContext, screenshot, SMALL_PHONE_VIEWPORT, signedInPage } from "./support/harness";
import { useSite } from "./support/site";

// With the second factor required (as in production, docs/decisions/024), the operator enrols an authenticator app
// from the back office and from then on signs in with the password and the app's 6-digit code.

const site = useSite({ adminTotpRequired: true });

/** The code the app shows in the next 30-second step (the server accepts one step either side). */
const nextCode = (secret: Buffer) => totpAt(secret, Date.now() + 30_000);

async function signInPage(page: Page) {
  await page.goto("/singInPage");
  await page.locator('input[name="username"]').fill(TEST_ADMIN.username);
  await page.locator('input[name="password"]').fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await page.getByTestId("second-factor-step").waitFor();
}

/** Signed in, as every sign-in does the operator lands on the home page (an operator gets no welcome banner, docs/decisions/049), then the back office. */
async function openBackOffice(page: Page) {
  await page.waitForURL((u) => u.pathname === "/");
  await page.getByTestId("username").waitFor();
  await page.getByTestId("admin-link").click();
}

let secret: Buffer;
let recoveryCodes: string[];

it("the back office stays shut until the operator enrols an app: QR, first code, recovery codes, then every tab opens", async () => {
  const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.getByTestId("admin-link").click();
  await page.getByTestId("second-factor-needed").waitFor();
  expect(await page.getByRole("tab", { name: "ฝากรอตรวจ" }).count()).toBe(0);
  await screenshot(page, "106-admin-second-factor-needed");

  await page.getByTestId("start-enrolment").click();
  await page.getByTestId("totp-qr").waitFor();
  const text = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  secret = base32Decode(text)!;
  expect(secret.length).toBe(20);
  await screenshot(page, "107-admin-second-factor-qr");

  // A wrong code first: refused in Thai, nothing enabled.
  const wrong = String((Number(totpAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, "0");
  await page.locator('input[name="confirm-code"]').fill(wrong);
  await page.getByTestId("confirm-enrolment").click();
  await page.getByTestId("confirm-error").getByText("รหัสไม่ถูกต้อง").waitFor();
  await page.locator('input[name="confirm-code"]').fill(totpAt(secret, Date.now()));
  await page.getByTestId("confirm-enrolment").click();
  await page.getByTestId("recovery-codes").waitFor();
  recoveryCodes = await page.getByTestId("recovery-code").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  for (const c of recoveryCodes) expect(c).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
  await screenshot(page, "108-admin-recovery-codes");

  await page.getByTestId("recovery-codes-saved").click();
  await page.getByRole("tab", { name: "ฝากรอตรวจ" }).waitFor();
  expect(await page.getByTestId("second-factor-needed").count()).toBe(0);
  // The back office's calls now answer: the ledger check runs.
  await page.getByRole("tab", { name: "ตรวจบัญชี" }).click();
  await page.getByRole("button", { name: "ตรวจสมุดบัญชีตอนนี้" }).click();
  await page.getByTestId("ledger-result").waitFor();
  const stored = await site.owner.$client.query("select secret, confirmed_at from admin_second_factors");
  expect(stored.rows).toHaveLength(1);
  expect(stored.rows[0].confirmed_at).not.toBeNull();
  expect(stored.rows[0].secret).not.toContain(text);
});

it("signing in asks for the 6-digit code after the password; a wrong one is refused, the app's code opens the back office", async () => {
  const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await signInPage(page);
  await screenshot(page, "109-admin-signin-code");
  const wrong = String((Number(nextCode(secret)) + 123_456) % 1_000_000).padStart(6, "0");
  await page.locator('input[name="totp-code"]').fill(wrong);
  await page.getByRole("button", { name: "ยืนยันและเข้าสู่ระบบ" }).click();
  await page.getByTestId("second-factor-error").getByText("รหัสยืนยันไม่ถูกต้อง").waitFor();
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/jwt=/);

  await page.locator('input[name="totp-code"]').fill(nextCode(secret));
  await page.getByRole("button", { name: "ยืนยันและเข้าสู่ระบบ" }).click();
  await openBackOffice(page);
  await page.getByRole("tab", { name: "ยืนยันสองขั้นตอน" }).click();
  await page.getByTestId("second-factor-on").waitFor();
  await page.getByText("รหัสกู้คืนเหลือ 10 รหัส").waitFor();
  await screenshot(page, "110-admin-second-factor-on");
  await context.close();
});

it("without the phone, a recovery code signs the operator in once", async () => {
  const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await signInPage(page);
  await page.getByRole("button", { name: "ไม่มีโทรศัพท์อยู่ใกล้ตัว? ใช้รหัสกู้คืน" }).click();
  await page.locator('input[name="recovery-code"]').fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "ยืนยันและเข้าสู่ระบบ" }).click();
  await openBackOffice(page);
  await page.getByRole("tab", { name: "ยืนยันสองขั้นตอน" }).click();
  await page.getByText("รหัสกู้คืนเหลือ 9 รหัส").waitFor();
  await context.close();
});
