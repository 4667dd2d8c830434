import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { baht, formatCredit } from "../src/domain/money";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund } from "../tests/support/wallet";
import { phoneContext, screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

// In the browser (docs/decisions/021): the operator closes the site from the back office; a player at the bet form is
// refused and sees the maintenance page with the operator's message (and can still withdraw); a visitor
// too, while the sign-in page stays for operators; the operator reopens and the player is back home.

const MESSAGE = "ปิดปรับปรุงระบบถึง 14:00 น. ขออภัยในความไม่สะดวก";

const site = useSite();
let player: Awaited<ReturnType<typeof createPlayer>>;
let playerPage: Page;
let adminPage: Page;

beforeAll(async () => {
  player = await createPlayer(site);
  await fund(site, await adminToken(site), player.uuid, 1000);
  playerPage = (await signedInPage(site, player, SMALL_PHONE_VIEWPORT)).page;
  adminPage = (await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT)).page;
});

async function typeNumber(page: Page, digits: string) {
  for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
}

it("the operator closes the site, players see the maintenance page, the operator reopens and the player is back home", async () => {
  // The player has a slip ready on the bet form when the site closes.
  const round = await makeRound(site.db, "laos", 30 * 60_000);
  await playerPage.goto(`/homeAllLotto?lotto=laos&activity=${round}`);
  await playerPage.getByTestId("bet-type-TwoDigit").click();
  await playerPage.locator('input[name="default-stake"]').fill("10");
  await typeNumber(playerPage, "12");
  await playerPage.getByTestId("add-line").click();
  await playerPage.locator('[data-testid="bet-line"][data-number="12"]').waitFor();

  // The operator closes it from the back office, with a message and a reason, after a confirmation.
  await adminPage.getByTestId("admin-link").click();
  await adminPage.getByRole("tab", { name: "เปิด/ปิดเว็บ" }).click();
  await adminPage.locator('[data-testid="site-status"][data-open="true"]').waitFor();
  await adminPage.locator('textarea[name="closed-message"]').fill(MESSAGE);
  await adminPage.locator('input[name="site-reason"]').fill("อัปเดตระบบฐานข้อมูล");
  await adminPage.getByTestId("close-site").click();
  const dialog = adminPage.getByRole("dialog");
  await dialog.getByText(MESSAGE).waitFor();
  await dialog.getByText("เหตุผล: อัปเดตระบบฐานข้อมูล").waitFor();
  await expectNoSeriousA11yViolations(adminPage, "the confirmation of closing the site");
  await screenshot(adminPage, "111-admin-close-site-confirm");
  await dialog.getByTestId("confirm-open-site").click();
  await adminPage.locator('[data-testid="site-status"][data-open="false"]').waitFor();
  // Operators keep the pages, with a banner saying players are shut out.
  await adminPage.getByTestId("site-closed-banner").filter({ hasText: MESSAGE }).waitFor();
  await screenshot(adminPage, "112-admin-site-closed");
  const stored = await site.db.$client.query("select value from site_config where key = 'site'");
  expect(stored.rows[0].value).toMatchObject({ openSite: false, closedMessage: MESSAGE });
  const audit = await site.db.$client.query("select action, after from audit_log where target = 'site_config:site'");
  expect(audit.rows).toEqual([
    expect.objectContaining({ action: "site.close", after: expect.objectContaining({ reason: "อัปเดตระบบฐานข้อมูล" }) }),
  ]);
  // An operator's shell has no bottom navigation (docs/decisions/049): the header's logo leads home.
  await adminPage.locator("header").getByRole("link", { name: "หน้าหลัก" }).click();
  await adminPage.getByTestId("site-closed-banner").waitFor();
  await adminPage.getByTestId("server-time").waitFor();

  // The player sends the slip: the server refuses it, and the maintenance page replaces the form at once.
  const credit = await creditOf(site, player.token);
  await playerPage.getByTestId("submit-slip").click();
  await playerPage.getByTestId("confirm-slip").click();
  await playerPage.getByTestId("maintenance-page").waitFor();
  await playerPage.getByTestId("maintenance-message").filter({ hasText: MESSAGE }).waitFor();
  await playerPage
    .getByTestId("maintenance-credit")
    .filter({ hasText: wholeText(formatCredit(baht(credit))) })
    .waitFor();
  await screenshot(playerPage, "113-maintenance-player");
  expect((await site.db.$client.query("select count(*)::int as n from slips where user_id = $1", [player.uuid])).rows[0].n).toBe(0);
  // Every page is the maintenance page, even after a reload; the money can still leave.
  await playerPage.goto("/reviewPostList");
  await playerPage.getByTestId("maintenance-page").waitFor();
  await playerPage.getByTestId("maintenance-withdraw").click();
  await playerPage.locator('input[name="withdraw-amount"]').fill("200");
  await playerPage.getByRole("button", { name: "ถอนเงิน", exact: true }).click();
  await playerPage.getByTestId("withdraw-done").waitFor();
  await playerPage
    .getByTestId("maintenance-credit")
    .filter({ hasText: wholeText(formatCredit(baht(credit - 200))) })
    .waitFor();
  await playerPage.goto("/");
  await playerPage.getByTestId("maintenance-page").waitFor();

  // A visitor: registration is the maintenance page; the sign-in page works and says the site is closed.
  const visitor = await (await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT)).newPage();
  await visitor.goto("/registerPage");
  await visitor.getByTestId("maintenance-message").filter({ hasText: MESSAGE }).waitFor();
  await visitor.getByRole("link", { name: "เข้าสู่ระบบ" }).click();
  await visitor.getByTestId("signin-site-closed").filter({ hasText: MESSAGE }).waitFor();
  await visitor.locator('input[name="username"]').waitFor();
  await screenshot(visitor, "114-signin-site-closed");

  // The operator reopens (from the banner's link); the player's page finds it open and shows home.
  await adminPage.getByTestId("site-closed-banner").getByRole("link", { name: "เปิดเว็บไซต์" }).click();
  await adminPage.locator('input[name="site-reason"]').fill("อัปเดตเสร็จแล้ว");
  await adminPage.getByTestId("open-site").click();
  await adminPage.getByRole("dialog").getByTestId("confirm-open-site").click();
  await adminPage.locator('[data-testid="site-status"][data-open="true"]').waitFor();
  await expect(adminPage.getByTestId("site-closed-banner").count()).resolves.toBe(0);
  await playerPage.getByTestId("maintenance-retry").click();
  await playerPage.getByTestId("maintenance-page").waitFor({ state: "detached" });
  await playerPage.getByTestId("server-time").waitFor();
  await playerPage
    .getByTestId("credit")
    .filter({ hasText: wholeText(formatCredit(baht(credit - 200))) })
    .waitFor();
  await screenshot(playerPage, "115-player-home-after-reopen");
  const audits = await site.db.$client.query("select action from audit_log where target = 'site_config:site' order by id");
  expect(audits.rows.map((r) => r.action)).toEqual(["site.close", "site.open"]);
});
