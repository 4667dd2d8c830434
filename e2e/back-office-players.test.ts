import { readFile } from "node:fs/promises";
import { beforeAll, expect, it } from "vitest";
import { baht, formatCredit, formatMoney } from "../src/domain/money";
import { TEST_ADMIN } from "../tests/support/app";
import { placeSlip } from "../tests/support/betting";
import { createPlayer } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

// The back office (docs/decisions/027) at 360 × 740: the operator's site content reaches players (the announcement
// marquee, the contact channels after "ติดต่อเจ้าหน้าที่"), a player is found, viewed, banned with a reason
// and let back, and the report shows and downloads as CSV.

const site = useSite();
let player: Awaited<ReturnType<typeof createPlayer>>;

beforeAll(async () => {
  player = await createPlayer(site, { bankaccounts: "สมหญิง ทดสอบหลังบ้าน" });
  const admin = await adminToken(site);
  await fund(site, admin, player.uuid, 500);
  const round = await makeRound(site.db, "hanoi", 600_000);
  expect((await placeSlip(site, player, round, [{ award_type: "TwoDigit", number: "42", amount: 25 }])).statusCode).toBe(200);
});

async function backOffice(tab: string) {
  const { page, context } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.getByTestId("admin-link").click();
  await page.getByRole("tab", { name: tab, exact: true }).click();
  return { page, context };
}

it("the operator sets an announcement and the contact channels; the player sees the marquee on the home page", async () => {
  const { page, context } = await backOffice("เนื้อหาเว็บ");
  await page.locator('textarea[name="announcement"]').fill("ฝาก-ถอน ออโต้ตลอด 24 ชั่วโมง หวยฮานอยปิดรับ 17:00 น.");
  await page.locator('input[name="line-id"]').fill("@lotto-th");
  await page.locator('input[name="line-url"]').fill("https://line.me/R/ti/p/@lotto-th");
  await page.locator('input[name="contact-phone"]').fill("081-234-5678");
  await page.getByTestId("site-content-save").click();
  await page.getByTestId("site-content-saved").waitFor();
  await screenshot(page, "160-admin-site-content");
  await context.close();

  const { page: home, context: playerContext } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  const marquee = home.getByTestId("announcement");
  await marquee.waitFor();
  expect(await marquee.textContent()).toBe("ฝาก-ถอน ออโต้ตลอด 24 ชั่วโมง หวยฮานอยปิดรับ 17:00 น.");
  // It scrolls: the line's position moves.
  const x1 = (await marquee.boundingBox())!.x;
  await expect.poll(async () => (await marquee.boundingBox())!.x, { timeout: 10_000 }).not.toBe(x1);
  await screenshot(home, "161-home-announcement");
  await playerContext.close();
});

it("the operator finds and views a player, bans them with a reason (the player is told to contact staff, with the channels), then lifts the ban", async () => {
  const { page: playerPage, context: playerContext } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  const { page, context } = await backOffice("ผู้เล่น");
  await page.locator('input[name="player-query"]').fill(player.phonenumber);
  await page.getByRole("button", { name: "ค้นหา" }).click();
  await page.getByTestId("picked-player").filter({ hasText: player.username }).click();
  const view = page.getByTestId("player-view");
  await view.waitFor();
  // The player's credit as the API reads it from the ledger (500 funded, 25 staked), shown whole.
  const credit = await creditOf(site, player.token);
  expect(credit).toBe(475);
  expect(await page.getByTestId("player-credit").textContent()).toBe(formatCredit(baht(credit)));
  await view.getByText("สมหญิง ทดสอบหลังบ้าน").waitFor();
  // The ledger in Thai: the stake and the operator's credit, no raw kinds.
  const ledger = page.getByTestId("player-ledger");
  await ledger.getByText("แทงหวย").waitFor();
  await ledger.getByText("เพิ่มเครดิตโดยเจ้าหน้าที่", { exact: false }).waitFor();
  expect(await ledger.textContent()).not.toMatch(/stake|adjust\.credit/);
  await screenshot(page, "162-admin-player-view");
  await page.getByRole("tab", { name: "โพย" }).click();
  await page.getByTestId("player-slips").getByText("หวยฮานอย", { exact: false }).waitFor();

  await page.locator('input[name="ban-reason"]').fill("เปิดหลายบัญชีรับโบนัส");
  await page.getByTestId("ban-toggle").click();
  await page.getByText(`ระงับบัญชี ${player.username}`, { exact: false }).waitFor();
  await expectNoSeriousA11yViolations(page, "the confirmation of a ban");
  await page.getByTestId("ban-confirm").click();
  await page.getByTestId("ban-reason").filter({ hasText: "เปิดหลายบัญชีรับโบนัส" }).waitFor();
  expect(await page.getByTestId("player-state").textContent()).toBe("ถูกระงับ");
  await screenshot(page, "163-admin-player-banned");

  // The player's session has ended: the next page that asks the server sends them to sign in.
  await playerPage.goto("/mainCreditPage");
  await playerPage.waitForURL((u) => u.pathname === "/singInPage", { timeout: 20_000 });
  await playerPage.locator('input[name="username"]').fill(player.username);
  await playerPage.locator('input[name="password"]').fill(player.password);
  await playerPage.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  const refusal = playerPage.getByTestId("signin-error");
  await refusal.getByText("ติดต่อเจ้าหน้าที่", { exact: false }).first().waitFor();
  const contact = refusal.getByTestId("contact-staff");
  await contact.waitFor();
  expect(await contact.getByTestId("contact-line").getAttribute("href")).toBe("https://line.me/R/ti/p/@lotto-th");
  expect(await contact.getByTestId("contact-phone").getAttribute("href")).toBe("tel:0812345678");
  expect(await contact.textContent()).toContain("081-234-5678");
  await screenshot(playerPage, "164-signin-banned-contact");

  await page.locator('input[name="ban-reason"]').fill("ตรวจสอบแล้ว เป็นบัญชีเดียว");
  await page.getByTestId("ban-toggle").click();
  await page.getByTestId("ban-confirm").click();
  await page.getByTestId("player-state").filter({ hasText: "ใช้งานได้" }).waitFor();
  await screenshot(page, "165-admin-player-unbanned");
  await context.close();

  await playerPage.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await playerPage.waitForURL((u) => u.pathname !== "/singInPage");
  await playerPage.getByTestId("username").waitFor();
  await playerContext.close();
  const audit = await site.owner.$client.query("select action from audit_log where target = $1 and action like 'player.%' order by id", [
    `user:${player.uuid}`,
  ]);
  const actions = audit.rows.map((r) => r.action as string);
  expect(actions.filter((a) => a !== "player.view")).toEqual(["player.ban", "player.unban"]);
  expect(actions[0]).toBe("player.view");
});

it("the report shows today's figures from the ledger and downloads as CSV with Thai headings", async () => {
  const { page, context } = await backOffice("รายงาน");
  const totals = page.getByTestId("report-totals");
  await totals.waitFor();
  expect(await page.getByTestId("total-stakes").textContent()).toBe(formatMoney(baht(25)));
  expect(await page.getByTestId("total-adjustments").textContent()).toBe(formatMoney(baht(500)));
  await page.getByTestId("report-lotteries").getByText("หวยฮานอย", { exact: false }).waitFor();
  await screenshot(page, "166-admin-report");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFFวันที่,หวย,ยอดแทง (บาท),จ่ายรางวัล (บาท)")).toBe(true);
  expect(csv).toMatch(/,หวยฮานอย,25\.00,0\.00,/);
  expect(csv).toContain(",รวมทั้งช่วง,");
  await context.close();
});
