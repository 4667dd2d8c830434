import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { yeekeeOffset, yeekeeResult } from "../src/domain/yeekee";
import { finishYeekeeRound } from "../src/server/yeekee/service";
import { TEST_ADMIN } from "../tests/support/app";
import { placeSlip } from "../tests/support/betting";
import { createPlayer, post } from "../tests/support/players";
import { adminToken, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

// docs/decisions/034: a yeekee round of 3 shots gets a result whose check (ตรวจสอบผล) verifies in the
// browser; a round cancelled for too few shots (the operator's minimum) or by the operator says so in its
// check, with no result and no cross. On the narrowest common phone (360 × 740).

const site = useSite();
let admin: string;
let player: Awaited<ReturnType<typeof createPlayer>>;
let page: Page;
let roundNo = 900;

const q = async (sql: string, params: unknown[] = []) => (await site.owner.$client.query(sql, params)).rows;

beforeAll(async () => {
  admin = await adminToken(site);
  // No pace limit between a player's shots; the minimum stays the fresh site's (0).
  await q(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
  player = await createPlayer(site);
  await fund(site, admin, player.uuid, 1000);
  page = (await signedInPage(site, player, SMALL_PHONE_VIEWPORT)).page;
});

/** A yeekee round shot by the player through the API with `numbers`, shooting then over unless `end` is false. */
async function shotRound(numbers: string[], { stake = true, end = true } = {}): Promise<number> {
  roundNo += 1;
  const r = await q(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee', $1, coalesce((select draw_date from rounds where lottery_id = 'yeekee' and close_at > now() order by close_at limit 1), (now() at time zone 'Asia/Bangkok')::date),
       now() - interval '1 hour', now() + interval '10 minutes', now() + interval '20 minutes')
     returning id`,
    [roundNo],
  );
  const round = Number(r[0].id);
  if (stake) expect((await placeSlip(site, player, round, [{ award_type: "TwoDigit", number: "45", amount: 10 }])).statusCode).toBe(200);
  for (const number of numbers) {
    const res = await post(site.app, "/api/post-numberrecord-mockdata", { uuid: player.uuid, activityid: round, number }, player.token);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  }
  if (end) await q(`update rounds set close_at = clock_timestamp(), result_at = clock_timestamp() where id = $1`, [round]);
  return round;
}

/** Opens the round's page and runs its check. */
async function openAndCheck(round: number) {
  await page.goto(`/yeekeePage/${round}`);
  await page.locator(`[data-testid="yeekee-header"][data-activity-id="${round}"]`).waitFor();
  await page.getByTestId("verify-button").click();
  return page.getByTestId("verify-panel");
}

describe("every yeekee round gets a result", () => {
  it("a round of 3 shots shows its result, and its check recomputes it and finds everything equal", async () => {
    const numbers = ["31415", "00042", "27182"];
    const round = await shotRound(numbers);
    expect(await finishYeekeeRound(site.db, round)).toBe("result");
    const listed = (await post(site.app, "/api/read-numberrecord", { activityid: round }, player.token)).body as unknown as {
      head: string;
      seed: string;
    };
    const expected = yeekeeResult(numbers, 0, yeekeeOffset(listed.seed, listed.head));
    if (expected.void) throw new Error("3 shots with no minimum are decided");

    await page.goto(`/yeekeePage/${round}`);
    const result = page.getByTestId("yeekee-result");
    await result.waitFor();
    await expect(result.getAttribute("data-result")).resolves.toBe(expected.result);
    // The page says how the result is made, that few shots still give one, and that the seed lets anyone check it.
    const rule = page.getByTestId("yeekee-rule");
    await expect(rule.getAttribute("data-min-shots")).resolves.toBe("0");
    await expect(rule.textContent()).resolves.toMatch(/ลบเลขลำดับที่ 16.*ทุกรอบออกผลแม้มีคนยิงน้อย.*ตรวจผลเองได้/s);

    await page.getByTestId("verify-button").click();
    const ok = page.getByTestId("verify-ok");
    await ok.waitFor();
    await expect(ok.textContent()).resolves.toContain("ผลรางวัลตรงกับที่คำนวณได้ ✓");
    await expect(page.getByTestId("recomputed-result").getAttribute("data-result")).resolves.toBe(expected.result);
    await expect(page.getByTestId("verify-offset").getAttribute("data-offset")).resolves.toBe(String(expected.offset));
    await expect(page.getByTestId("verify-seal").getAttribute("data-ok")).resolves.toBe("true");
    await expect(page.getByTestId("verify-shot").count()).resolves.toBe(3);
    await expect(page.getByTestId("verify-panel").textContent()).resolves.not.toContain("✗");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "yeekee-3-shots-verified");
  });

  it("the operator sets a minimum of 20 in the back office; a round of 3 shots is then cancelled, and its check says why with no cross", async () => {
    const { context, page: back } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
    // On the lottery settings tab, beside the lotteries.
    await back.goto("/admin?tab=catalogue");
    await back.getByRole("tab", { name: "ตั้งค่าหวย", selected: true }).waitFor();
    const settings = back.getByTestId("yeekee-settings");
    const minShots = settings.locator('input[name="minShots"]');
    await expect.poll(() => minShots.inputValue()).toBe("0");
    await minShots.fill("1001");
    await back.getByTestId("yeekee-settings-save").click();
    await settings.getByText("จำนวนเลขยิงขั้นต่ำต้องเป็นจำนวนเต็ม 0 ถึง 1000").waitFor();
    await minShots.fill("20");
    await back.getByTestId("yeekee-settings-save").click();
    await settings.getByText("บันทึกการตั้งค่ายี่กีแล้ว").waitFor();
    await expect.poll(async () => (await q(`select value->>'minShots' as m from site_config where key = 'yeekee'`))[0].m).toBe("20");
    expect(await back.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.width);
    await screenshot(back, "700-admin-yeekee-settings-lottery-tab");
    await context.close();

    const round = await shotRound(["11111", "22222", "33333"]);
    expect(await finishYeekeeRound(site.db, round)).toBe("void");
    const panel = await openAndCheck(round);
    const cancelled = page.getByTestId("verify-cancelled");
    await cancelled.waitFor();
    await expect(cancelled.getAttribute("data-reason")).resolves.toBe("minShots");
    await expect(cancelled.textContent()).resolves.toContain("ยิงเลขเพียง 3 เลข น้อยกว่าขั้นต่ำ 20 เลข");
    // The page's notice says why once the shots' answer is in (the live feed may tell of the cancel first).
    await expect.poll(() => page.getByTestId("yeekee-void").textContent()).toContain("น้อยกว่าขั้นต่ำ 20 เลข");
    await expect(page.getByTestId("verify-chain").getAttribute("data-ok")).resolves.toBe("true");
    // No result is computed for a cancelled round, so nothing is compared and nothing shows a cross.
    await expect(page.getByTestId("recomputed-result").count()).resolves.toBe(0);
    await expect(page.getByTestId("verify-offset").count()).resolves.toBe(0);
    await expect(page.getByTestId("verify-result").count()).resolves.toBe(0);
    await expect(panel.textContent()).resolves.not.toContain("✗");
    await expect(panel.textContent()).resolves.not.toContain("ค่าชดเชย");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "yeekee-cancelled-min-shots-check");
  });

  it("a round the operator cancelled says so in its check", async () => {
    // Before its result time: from then on the seed can be read, and a yeekee round cannot be cancelled.
    const round = await shotRound(["12345"], { stake: false, end: false });
    expect((await post(site.app, "/api/admin/cancel-activity", { activityid: round, note: "ระบบยิงเลขขัดข้อง" }, admin)).statusCode).toBe(200);
    const panel = await openAndCheck(round);
    const cancelled = page.getByTestId("verify-cancelled");
    await cancelled.waitFor();
    await expect(cancelled.getAttribute("data-reason")).resolves.toBe("operator");
    await expect(cancelled.textContent()).resolves.toContain("ผู้ดูแลระบบยกเลิกรอบนี้");
    await expect(panel.textContent()).resolves.not.toContain("✗");
  });
});
