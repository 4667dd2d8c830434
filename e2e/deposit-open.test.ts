import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { wallet } from "../src/contract";
import { baht, formatMoney } from "../src/domain/money";
import { call } from "../tests/support/call";
import { createPlayer, post } from "../tests/support/players";
import { adminToken } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

/**
 * At 360 × 740: the amount a player asked for is still there after a reload (docs/decisions/035): the same
 * amount, account and time left as the server holds, in the history as รอโอน, and cancelled with a confirm.
 */

const site = useSite();
let player: Awaited<ReturnType<typeof createPlayer>>;
let page: Page;

beforeAll(async () => {
  const admin = await adminToken(site);
  await post(
    site.app,
    "/api/admin/save-mybank",
    { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    admin,
  );
  player = await createPlayer(site);
  ({ page } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT));
});

async function openOnServer() {
  const res = await call(site.app, wallet.readOpenDepositRequest, {}, player.token);
  if (!res.ok) throw new Error(`read-open-deposit-request ${res.statusCode}`);
  return res.body.request;
}

/** The page's exact amount as a number: the figure a player copies into the banking app. */
async function shownAmount(): Promise<number> {
  return Number((await page.getByTestId("deposit-exact-amount").textContent())!.replace(/[^\d.]/g, ""));
}

/** Seconds left as the page shows them (m:ss). */
async function shownSecondsLeft(): Promise<number> {
  const text = (await page
    .getByTestId("deposit-time-left")
    .filter({ hasText: /^\d+:\d{2}$/ })
    .textContent())!;
  const [m, s] = text.split(":").map(Number) as [number, number];
  return m * 60 + s;
}

describe("the open deposit request on a phone", () => {
  it("asked for, reloaded: the same amount, account and time left come back from the server", async () => {
    await page.locator("nav").getByRole("link", { name: "ฝาก-ถอน" }).click();
    await page.locator('input[name="deposit-amount"]').fill("1000");
    // The figure the API gave the page, as the page received it.
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/gent-amount"));
    await page.getByRole("button", { name: "ขอยอดโอน" }).click();
    const server = wallet.gentAmount.response.parse(await (await answered).json());
    await page.getByTestId("deposit-instructions").waitFor();
    const asked = await shownAmount();
    expect(asked).toBe(server.amount);
    expect(asked).toBeGreaterThan(1000);
    expect(asked).toBeLessThan(1001);

    await page.reload();
    await page.getByTestId("deposit-instructions").waitFor();
    await page.getByTestId("promptpay-qr").waitFor();
    expect(await shownAmount()).toBe(server.amount);
    await page.getByTestId("deposit-instructions").getByText("0011223344").waitFor();
    expect(await page.getByTestId("deposit-instructions").textContent()).toContain(server.transection);
    // The time left counts down to the server's expiry (30 minutes from the ask), not a fresh 30 minutes.
    const left = await shownSecondsLeft();
    const expected = Math.ceil((Date.parse(server.expiresAt) - Date.now()) / 1000);
    expect(left).toBeLessThanOrEqual(30 * 60);
    expect(Math.abs(left - expected)).toBeLessThanOrEqual(5);
    // The server gives the same request on a new visit, and nothing new was reserved.
    expect(await openOnServer()).toEqual({
      amount: server.amount,
      transection: server.transection,
      expiresAt: server.expiresAt,
      bank: server.bank,
      qrPayload: server.qrPayload,
    });
    const held = await site.owner.$client.query("select count(*)::int as n from deposit_requests where user_id = $1", [player.uuid]);
    expect(held.rows[0].n).toBe(1);
    const box = (await page.getByTestId("deposit-exact-amount").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.width);
    await screenshot(page, "230-deposit-open-after-reload");

    // The history lists it as waiting for the transfer, with the same figure.
    await page.getByRole("tab", { name: "ประวัติ" }).click();
    const row = page.locator(`[data-testid="deposit-request-row"][data-transection="${server.transection}"]`);
    await row.locator('[data-state="open"]').filter({ hasText: "รอโอน" }).waitFor();
    expect(await row.getByTestId("deposit-request-amount").textContent()).toBe(`${formatMoney(baht(server.amount))} ฿`);
    await screenshot(page, "231-deposit-open-in-history");
  });

  it("the player cancels it after a confirm; the form comes back and the history says ยกเลิก", async () => {
    const server = (await openOnServer())!;
    await page.getByRole("tab", { name: "ฝากเงิน" }).click();
    await page.getByTestId("deposit-cancel").click();
    const panel = page.getByTestId("deposit-cancel-panel");
    expect(await panel.textContent()).toContain(formatMoney(baht(server.amount)));
    await expectNoSeriousA11yViolations(page, "the confirmation of a deposit's cancelling");
    await screenshot(page, "232-deposit-cancel-confirm");
    // "ไม่ยกเลิก" keeps it.
    await panel.getByRole("button", { name: "ไม่ยกเลิก" }).click();
    await panel.waitFor({ state: "detached" });
    expect((await openOnServer())!.transection).toBe(server.transection);

    await page.getByTestId("deposit-cancel").click();
    await page.getByTestId("deposit-cancel-confirm").click();
    await page.getByTestId("deposit-cancelled").waitFor();
    await page.locator('input[name="deposit-amount"]').waitFor();
    expect(await openOnServer()).toBeNull();
    await page.reload();
    await page.locator('input[name="deposit-amount"]').waitFor();
    expect(await page.getByTestId("deposit-instructions").count()).toBe(0);

    await page.getByRole("tab", { name: "ประวัติ" }).click();
    const row = page.locator(`[data-testid="deposit-request-row"][data-transection="${server.transection}"]`);
    await row.locator('[data-state="cancelled"]').filter({ hasText: "ยกเลิก" }).waitFor();
    await screenshot(page, "233-deposit-cancelled-in-history");
  });
});
