import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { pickThaiDate, screenshot, signedInPage, SMALL_PHONE_VIEWPORT, thaiDateReadable } from "./support/harness";
import { useSite } from "./support/site";
import { THAI_MONTHS } from "../src/domain/thai-date";

const site = useSite();

// The back office on the narrowest common phone (360 × 740): nothing may stick out sideways.
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.width);
}

it("the operator previews the winning numbers, confirms the result, and players see it", async () => {
  const roundId = await makeRound(site.db, "hanoi", -60_000);
  const date = (await site.db.$client.query("select to_char(draw_date, 'YYYY-MM-DD') as d from rounds where id = $1", [roundId])).rows[0]
    .d as string;
  const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.getByTestId("admin-link").click();
  await page.getByRole("tab", { name: "ลงผลรางวัล" }).click();
  await pickThaiDate(page, "result-date", date);
  // The year as Thai operators write it: the Buddhist era; the month by its Thai name.
  const [year, month] = date.split("-").map(Number) as [number, number];
  expect(await page.locator('select[name="result-date-year"] option:checked').textContent()).toBe(String(year + 543));
  expect(await page.locator('select[name="result-date-month"] option:checked').textContent()).toBe(THAI_MONTHS[month - 1]);
  expect(await thaiDateReadable(page, "result-date")).toEqual({ day: true, month: true, year: true });
  await fitsWidth(page);
  await screenshot(page, "36-admin-result-date-thai");
  await page.getByRole("textbox", { name: "หวย" }).click();
  await page.getByRole("option", { name: "หวยฮานอย", exact: true }).click();
  // The round made above by its id: the first closed or open row of the date may be another Hanoi round.
  const row = page.locator(`[data-testid="admin-round"][data-activity-id="${roundId}"]`);
  await row.getByRole("button", { name: "จัดการ" }).click();
  await page.locator('input[name="result-threeTop"]').fill("294");
  await page.locator('input[name="result-twoBottom"]').fill("07");
  await page.getByTestId("preview-award").click();
  const preview = page.getByTestId("award-preview");
  await preview.waitFor();
  await preview.getByText("สามตัวบน").waitFor();
  expect(await preview.locator("tr").filter({ hasText: "สองตัวบน" }).textContent()).toContain("94");
  await screenshot(page, "32-admin-result-preview");
  expect((await site.db.$client.query("select status from rounds where id = $1", [roundId])).rows[0].status).not.toBe("add award");
  await page.getByTestId("confirm-award").click();
  // The second confirmation names the round.
  expect(await page.getByTestId("second-confirm-round").textContent()).toContain("หวยฮานอย งวดวันที่");
  await page.getByTestId("second-confirm-yes").click();
  await row.filter({ hasText: "ออกผลแล้ว" }).waitFor();

  const player = await createPlayer(site);
  const award = await post(site.app, "/api/award", { activityid: roundId }, player.token);
  expect(award.body.awardlist).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ award_type: "ThreeDigit", number: "294" }),
      expect.objectContaining({ award_type: "TwoDigit", number: "07" }),
    ]),
  );
});

it("the operator's yeekee watch lists a seed asked for before its round's result time", async () => {
  const round = Number(
    (
      await site.owner.$client.query(
        `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
         values ('yeekee', 4242, current_date, now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours') returning id`,
      )
    ).rows[0].id,
  );
  // The serving role asks too early: refused (null) and logged.
  expect((await site.db.$client.query("select yeekee_round_seed($1) as seed", [round])).rows[0].seed).toBeNull();
  const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.getByTestId("admin-link").click();
  await page.getByRole("tab", { name: "เฝ้าระวังยี่กี" }).click();
  // The card of this round by its id: the round number as text is also in any card's date and time.
  await page.locator(`[data-testid="yeekee-watch-refusal"][data-activity-id="${round}"]`).first().waitFor();
  await page.getByTestId("yeekee-watch-no-rounds").waitFor();
  await screenshot(page, "33-admin-yeekee-watch");
});

it("the operator's referral rates: a rate above half the house edge is refused by name, a fair one saved", async () => {
  const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.getByTestId("admin-link").click();
  await page.getByRole("tab", { name: "แนะนำเพื่อน" }).click();
  const rates = page.getByTestId("subsidy-rates");
  await rates.waitFor();
  // Level 1's site default: 0.8 % to 6 % (600 bp), above half of สามตัวบน's 10 % edge. The operator types percentages.
  const levelOne = rates.locator("tbody tr").first().locator("input").last();
  await levelOne.fill("6");
  await page.getByRole("button", { name: "บันทึกอัตราค่าคอม" }).click();
  await page.getByText(/เกินครึ่งหนึ่งของกำไรเจ้ามือ.*สูงสุด [\d.]+%/).waitFor();
  await screenshot(page, "34-admin-referral-rate-refused");
  const stored = await site.db.$client.query("select value from site_config where key = 'subsidy'");
  expect(stored.rows[0]?.value?.rates?.[0]?.bp ?? 80).toBe(80);

  await levelOne.fill("0.9");
  await page.getByRole("button", { name: "บันทึกอัตราค่าคอม" }).click();
  await page.getByText("บันทึกอัตราค่าคอมแล้ว").waitFor();
  const saved = await site.db.$client.query("select value from site_config where key = 'subsidy'");
  expect(saved.rows[0].value.rates[0]).toEqual({ level: 1, lottery_id: null, bet_type: null, bp: 90 });
});

it("the operator grants a player points with a reason from the back office", async () => {
  const player = await createPlayer(site);
  const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.getByTestId("admin-link").click();
  await page.getByRole("tab", { name: "แต้มสิทธิพิเศษ" }).click();
  await page.getByTestId("privilege-slots").waitFor();
  await page.locator('input[name="player-query"]').last().fill(player.username);
  await page.getByRole("button", { name: "ค้นหา" }).last().click();
  await page.getByTestId("picked-player").filter({ hasText: player.username }).click();
  await page.locator('input[name="points-reason"]').fill("ชดเชยระบบขัดข้อง");
  await page.locator('input[name="points-amount"]').fill("50");
  await page.getByRole("button", { name: "บันทึกการปรับแต้ม" }).click();
  await page.getByText("เพิ่มแต้มแล้ว · แต้มที่ใช้ได้ 50").waitFor();
  await screenshot(page, "35-admin-points");
  const log = await post(site.app, "/api/get-privilege-log", { uuid: player.uuid }, player.token);
  expect(log.body.total_score).toBe(50);
  expect(log.body.privilegeLog_arr).toEqual([expect.objectContaining({ kind: "adjust", score: 50, note: "ชดเชยระบบขัดข้อง" })]);
});
