import { beforeAll, expect, it } from "vitest";
import { wallet } from "../src/contract";
import { BANKS } from "../src/domain/banks";
import { TEST_ADMIN } from "../tests/support/app";
import { call } from "../tests/support/call";
import { createPlayer, distinctHolder, post } from "../tests/support/players";
import { adminToken } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/**
 * At 360 × 740: a player reports a transfer with แจ้งโอน, and the operator's queue of deposits to check shows,
 * beside the reported transfer, the bank account that player registered (bank, number, holder's name), which
 * is what the operator looks for on the bank statement.
 */

const site = useSite();

beforeAll(async () => {
  const admin = await adminToken(site);
  const saved = await post(
    site.app,
    wallet.adminSaveMyBank.path,
    { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    admin,
  );
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
});

it("the operator's deposit queue shows the reporting player's registered bank, account number and holder's name", async () => {
  const holder = distinctHolder("สมศรี มีทรัพย์");
  const player = await createPlayer(site, { bankname: "scb", bankno: "4445556667", bankaccounts: holder });
  // Another player's report stays in the queue beside it, with that player's own account.
  const other = await createPlayer(site, { bankaccounts: distinctHolder() });

  const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  await page.locator("nav").getByRole("link", { name: "ฝาก-ถอน" }).click();
  await page.locator('input[name="deposit-amount"]').fill("300");
  await page.getByRole("button", { name: "ขอยอดโอน" }).click();
  await page.getByTestId("deposit-instructions").waitFor();
  await page.getByRole("button", { name: "แจ้งโอนแล้ว" }).click();
  await page.getByTestId("deposit-reported").waitFor();
  await screenshot(page, "610-deposit-reported");
  await context.close();

  const asked = await call(site.app, wallet.gentAmount, { uuid: other.uuid, amount: 200 }, other.token);
  if (!asked.ok) throw new Error(JSON.stringify(asked.body));
  const reported = await call(
    site.app,
    wallet.addPaynow,
    {
      uuid: other.uuid,
      amount: asked.body.amount,
      transection: asked.body.transection,
      paytime: new Date().toISOString(),
      bankname: "kbank",
    },
    other.token,
  );
  expect(reported.ok, JSON.stringify(reported.body)).toBe(true);

  const { page: office, context: officeContext } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await office.goto("/admin?tab=deposits");
  const row = office.locator(`[data-testid="pending-deposit"][data-username="${player.username}"]`);
  await row.waitFor();
  expect(await row.getByTestId("deposit-player-bankname").textContent()).toBe(BANKS.scb.thaiName);
  expect(await row.getByTestId("deposit-player-bankno").textContent()).toBe("4445556667");
  expect(await row.getByTestId("deposit-player-holder").textContent()).toBe(holder);
  const otherRow = office.locator(`[data-testid="pending-deposit"][data-username="${other.username}"]`);
  expect(await otherRow.getByTestId("deposit-player-bankno").textContent()).toBe(other.bankno);
  expect(await otherRow.getByTestId("deposit-player-holder").textContent()).toBe(other.bankaccounts);
  await row.scrollIntoViewIfNeeded();
  await screenshot(office, "611-deposit-queue-player-bank");
  await officeContext.close();
});
