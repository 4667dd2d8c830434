import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baht, formatCredit } from "../src/domain/money";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer, post } from "../tests/support/players";
import { adminToken } from "../tests/support/wallet";
import { screenshot, signedInPage, wholeText } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const site = useSite();
let player: Awaited<ReturnType<typeof createPlayer>>;
let playerPage: Page;
let adminPage: Page;
let depositAmount = 0;

beforeAll(async () => {
  player = await createPlayer(site);
  const admin = await adminToken(site);
  await post(
    site.app,
    "/api/admin/save-mybank",
    { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    admin,
  );
  playerPage = (await signedInPage(site, player)).page;
  adminPage = (await signedInPage(site, TEST_ADMIN)).page;
});

async function headerCredit(page: Page, expected: number) {
  await page.getByTestId("refresh-credit").click();
  await page
    .getByTestId("credit")
    .filter({ hasText: wholeText(formatCredit(baht(expected))) })
    .waitFor();
}

describe("money through the pages", () => {
  it("the player asks for a deposit amount, sees the bank and QR code, and reports the transfer with a slip", async () => {
    await playerPage.locator("nav").getByRole("link", { name: "ฝาก-ถอน" }).click();
    await playerPage.locator('input[name="deposit-amount"]').fill("500");
    await playerPage.getByRole("button", { name: "ขอยอดโอน" }).click();
    await playerPage.getByTestId("deposit-instructions").waitFor();
    const exact = await playerPage.getByTestId("deposit-exact-amount").textContent();
    depositAmount = Number(exact!.replace(/[^\d.]/g, ""));
    expect(depositAmount).toBeGreaterThan(500);
    expect(depositAmount).toBeLessThan(501);
    await playerPage.getByTestId("promptpay-qr").waitFor();
    await playerPage.getByText("0011223344").waitFor();
    await screenshot(playerPage, "20-deposit-instructions");
    await playerPage.locator('input[type="file"]').setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: PNG_1PX });
    // The chosen file can be cleared by a named button (theme default; axe's button-name found it unnamed).
    await playerPage.getByRole("button", { name: "ล้าง" }).waitFor();
    await playerPage.getByRole("button", { name: "แจ้งโอนแล้ว" }).click();
    await playerPage.getByTestId("deposit-reported").waitFor();
  });

  it("the operator checks the slip with zoom and approves; the player's header shows the new credit", async () => {
    await adminPage.getByTestId("admin-link").click();
    await adminPage.waitForURL("**/admin");
    const row = adminPage.locator(`[data-testid="pending-deposit"][data-username="${player.username}"]`);
    await row.waitFor();
    await row.getByRole("button", { name: "ดูสลิป" }).click();
    await adminPage.getByTestId("slip-image").waitFor();
    await adminPage.getByRole("button", { name: "ขยาย" }).click();
    await adminPage.getByRole("button", { name: "ขยาย" }).click();
    expect(await adminPage.getByTestId("slip-image").getAttribute("data-scale")).toBe("2");
    await expectNoSeriousA11yViolations(adminPage, "a deposit slip's image, zoomed");
    await screenshot(adminPage, "21-admin-slip");
    await adminPage.keyboard.press("Escape");
    await row.getByRole("button", { name: /อนุมัติ/ }).click();
    await row.waitFor({ state: "detached" });
    await screenshot(adminPage, "22-admin-deposits");

    await headerCredit(playerPage, depositAmount);
  });

  it("a withdrawal is held at once; the operator rejects it and the credit comes back", async () => {
    await playerPage.getByRole("tab", { name: "ถอนเงิน" }).click();
    await playerPage.locator('input[name="withdraw-amount"]').fill("200");
    await playerPage.getByRole("button", { name: "ถอนเงิน", exact: true }).click();
    await playerPage.getByTestId("withdraw-done").waitFor();
    const held = Math.round((depositAmount - 200) * 100) / 100;
    await playerPage
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(held))) })
      .waitFor();
    await screenshot(playerPage, "23-withdraw");

    await adminPage.getByRole("tab", { name: "ถอนรอจ่าย" }).click();
    const row = adminPage.locator(`[data-testid="pending-withdrawal"][data-username="${player.username}"]`);
    await row.getByRole("button", { name: "ปฏิเสธและคืนเครดิต" }).click();
    await row.waitFor({ state: "detached" });

    await headerCredit(playerPage, depositAmount);
    await playerPage.getByRole("tab", { name: "ประวัติ" }).click();
    await playerPage.locator('[data-testid="deposit-row"] [data-status="Approve"]').waitFor();
    await playerPage.locator('[data-testid="withdrawal-row"] [data-status="Reject"]').waitFor();
    await screenshot(playerPage, "24-history");
  });

  it("the operator's money log and ledger check agree", async () => {
    await adminPage.getByRole("tab", { name: "ตรวจบัญชี" }).click();
    await adminPage.getByRole("button", { name: "ตรวจสมุดบัญชีตอนนี้" }).click();
    await adminPage.getByTestId("ledger-result").filter({ hasText: "สมุดบัญชีถูกต้อง" }).waitFor();
    await adminPage.getByRole("tab", { name: "ประวัติการเงิน" }).click();
    await adminPage.locator('input[name="player-query"]').fill(player.username);
    await adminPage.getByRole("button", { name: "ค้นหา" }).click();
    await adminPage.getByTestId("picked-player").first().click();
    await adminPage.getByTestId("money-log").locator("tbody tr").nth(2).waitFor();
    expect(await adminPage.getByTestId("money-log").locator("tbody tr").count()).toBe(3);
    await screenshot(adminPage, "25-admin-log");
  });
});
