import { expect, it } from "vitest";
import { playerData } from "../tests/support/players";
import { TEST_ADMIN } from "../tests/support/app";
import { adminToken, fund } from "../tests/support/wallet";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { phoneContext, screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/**
 * At 360 × 740 (docs/decisions/052): the operator turns CIMB Thai on among the banks players may register
 * with; a new player registers through the pages with a CIMB account, and withdraws to it.
 */
const site = useSite();

it("the operator turns CIMB on; a player registers with a CIMB account and withdraws to it", async () => {
  const { page: office } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await office.goto("/admin?tab=banks");
  const editor = office.getByTestId("bank-list-admin");
  await editor.getByRole("checkbox", { name: "ธนาคารกสิกรไทย" }).waitFor();
  // A new site offers the specification's nine: CIMB and the wallet are off.
  expect(await editor.getByRole("checkbox", { name: "ธนาคารซีไอเอ็มบี ไทย" }).isChecked()).toBe(false);
  await editor.getByRole("checkbox", { name: "ธนาคารซีไอเอ็มบี ไทย" }).check();
  await editor.getByRole("checkbox", { name: "ทรูมันนี่ วอลเล็ท" }).check();
  await editor.getByRole("button", { name: "บันทึกรายการธนาคาร" }).click();
  await editor.getByText("บันทึกรายการธนาคารแล้ว").waitFor();
  await expectNoSeriousA11yViolations(office, "the bank list editor");
  await screenshot(office, "480-admin-bank-list");
  const saved = await site.owner.$client.query("select value from site_config where key = 'banks'");
  expect(saved.rows[0].value.enabled).toEqual(["kbank", "ktb", "krungsri", "scb", "uob", "ttb", "bbl", "baac", "gsb", "cimb", "truemoney"]);

  const player = playerData({ bankname: "cimb", bankno: "7012345678", bankaccounts: "สมใจ ซีไอเอ็มบี" });
  const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto("/registerPage");
  await page.locator('input[name="phonenumber"]').fill(player.phonenumber);
  await page.getByRole("button", { name: "ขอรหัส OTP" }).click();
  await page.locator('input[name="otp"]').fill(await site.sms.codeFor(player.phonenumber));
  await page.getByRole("button", { name: "ยืนยัน OTP" }).click();
  await page.locator('input[name="username"]').fill(player.username);
  await page.locator('input[name="password"]').fill(player.password);
  await page.locator('input[name="confirm"]').fill(player.password);
  await page.getByRole("textbox", { name: "ธนาคาร", exact: true }).click();
  // The list is the operator's: CIMB and the wallet are there, LH Bank (off) is not.
  await page.getByRole("option", { name: "ทรูมันนี่ วอลเล็ท" }).waitFor();
  expect(await page.getByRole("option", { name: "ธนาคารแลนด์ แอนด์ เฮ้าส์" }).count()).toBe(0);
  await screenshot(page, "481-register-bank-list");
  await page.getByRole("option", { name: "ธนาคารซีไอเอ็มบี ไทย" }).click();
  await page.locator('input[name="bankno"]').fill(player.bankno);
  await page.locator('input[name="bankaccounts"]').fill(player.bankaccounts);
  await screenshot(page, "482-register-cimb");
  await page.getByRole("button", { name: "สมัครสมาชิก" }).click();
  await page.waitForURL((u) => u.pathname !== "/registerPage");
  const row = await site.owner.$client.query("select id, bank_code, bank_no from users where username = $1", [player.username]);
  expect(row.rows[0]).toMatchObject({ bank_code: "cimb", bank_no: player.bankno });
  await context.close();

  // Funded by the operator, the player withdraws: the form names the CIMB account, and so does the queue.
  await fund(site, await adminToken(site), row.rows[0].id, 500);
  const { context: signedIn, page: wallet } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  await wallet.goto("/mainCredit");
  await wallet.getByRole("tab", { name: "ถอนเงิน" }).click();
  await wallet.getByText("ธนาคารซีไอเอ็มบี ไทย").first().waitFor();
  await wallet.locator('input[name="withdraw-amount"]').fill("200");
  await wallet.getByRole("button", { name: "ถอนเงิน", exact: true }).click();
  await wallet.getByTestId("withdraw-done").waitFor();
  await screenshot(wallet, "483-withdraw-to-cimb");
  const withdrawal = await site.owner.$client.query("select bank_code, bank_no, amount from withdrawals where user_id = $1", [
    row.rows[0].id,
  ]);
  expect(withdrawal.rows).toEqual([{ bank_code: "cimb", bank_no: player.bankno, amount: "20000" }]);
  await signedIn.close();
});
