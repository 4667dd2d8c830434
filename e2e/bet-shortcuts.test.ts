import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baht, formatMoney } from "../src/domain/money";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

// The bet form's number shortcuts, several types at once and pasted lists, on a 360 × 740 phone against
// the real server: each shortcut adds the lines it should, the confirm dialog totals them, and the slip
// the server records is the one the form showed.

const site = useSite();
let page: Page;
let admin: string;
let player: Awaited<ReturnType<typeof createPlayer>>;
let roundId: number;
const rate: Record<string, number> = {};
const START_CREDIT = 20_000;
/** The pages log every failed call (spec §8); none is expected here. */
const consoleErrors: string[] = [];

// The expected numbers are written here from what each shortcut means, not taken from the domain code.
const ALL_TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
const EVEN = (d: string) => Number(d) % 2 === 0;
const SIBLINGS_UP = [..."0123456789"].map((d) => d + String((Number(d) + 1) % 10));
const EXPECTED: Record<string, string[]> = {
  doubles: ALL_TWO.filter((n) => n[0] === n[1]),
  siblings: [...SIBLINGS_UP, ...SIBLINGS_UP.map((n) => n[1]! + n[0]!)],
  evenPairs: ALL_TWO.filter((n) => EVEN(n[0]!) && EVEN(n[1]!)),
  oddPairs: ALL_TWO.filter((n) => !EVEN(n[0]!) && !EVEN(n[1]!)),
  lowTwo: ALL_TWO.slice(0, 50),
  highTwo: ALL_TWO.slice(50),
  frontRun3: ALL_TWO.filter((n) => n[0] === "3"),
  backRun7: ALL_TWO.filter((n) => n[1] === "7"),
  nineteenDoors5: ALL_TWO.filter((n) => n.includes("5")),
};

beforeAll(async () => {
  admin = await adminToken(site);
  player = await createPlayer(site);
  await fund(site, admin, player.uuid, START_CREDIT);
  roundId = await makeRound(site.db, "hanoi", 30 * 60_000);
  // 55 on two top is closed; 50 on two bottom pays ×60 instead of the usual rate.
  for (const [award_type, number, new_price] of [
    ["TwoDigitOn", "55", 0],
    ["TwoDigit", "50", 60],
  ] as const) {
    const res = await post(site.app, "/api/admin/add-digit-price", { activity_id: roundId, award_type, number, new_price }, admin);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  }
  const config = await post(site.app, "/api/get-lotto-config-ByActivityID", { activity_id: roundId }, player.token);
  expect(config.statusCode, JSON.stringify(config.body)).toBe(200);
  for (const r of Object.values(config.body.configLotto as Record<string, { betType: string; rate: number }>)) rate[r.betType] = r.rate;
  expect(rate.TwoDigitOn).toBeGreaterThan(0);
  page = (await signedInPage(site, player, SMALL_PHONE_VIEWPORT)).page;
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
});

async function typeNumber(digits: string) {
  for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
}

/** The lines on the form as `type:number`, in order. */
const formLines = () =>
  page.getByTestId("bet-line").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-bet-type")}:${e.getAttribute("data-number")}`));
/** The stake of each line on the form, by `type:number`. */
const formStakes = () =>
  page
    .getByTestId("bet-line")
    .evaluateAll((els) =>
      Object.fromEntries(
        els.map((e) => [
          `${e.getAttribute("data-bet-type")}:${e.getAttribute("data-number")}`,
          (e.querySelector('[data-testid="line-stake"]') as HTMLInputElement).value,
        ]),
      ),
    );
const on = (type: string, numbers: readonly string[]) => numbers.map((n) => `${type}:${n}`);

/** Waits for the open modal's entrance transition to end, so the screenshot shows it fully. */
async function modalSettled() {
  await page.waitForFunction(() => {
    const el = document.querySelector(".mantine-Modal-content");
    return el !== null && getComputedStyle(el).opacity === "1" && el.getAnimations().length === 0;
  });
}

/** The slip as the server recorded it, one `type:number:stake:rate` per line, sorted. */
async function serverSlip(masterId: string) {
  const res = await post(site.app, "/api/get-ref-masterID", { ref_masterID: Number(masterId) }, player.token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  const slip = res.body.postDigitMasterObj as {
    activityid: number;
    totalAmount: number;
    lines: Array<{ award_type: string; number: string; amount: number; priceReturn: number }>;
  };
  return { ...slip, keys: slip.lines.map((l) => `${l.award_type}:${l.number}:${l.amount}:${l.priceReturn}`).sort() };
}

/** Opens the confirm dialog and checks its total. */
async function openConfirm(expectedTotal: number) {
  await page.getByTestId("submit-slip").click();
  await page.getByTestId("confirm-dialog").waitFor();
  await expect(page.getByTestId("confirm-total").textContent()).resolves.toBe(`${formatMoney(baht(expectedTotal))} ฿`);
}

/** Confirms the open dialog; returns the slip number the server gave. */
async function confirmSlip() {
  await page.getByTestId("confirm-slip").click();
  const result = page.getByTestId("slip-result");
  await result.waitFor();
  await expect(page.getByTestId("bet-line").count()).resolves.toBe(0);
  return (await result.getAttribute("data-master-id"))!;
}

async function sendSlip(expectedTotal: number) {
  await openConfirm(expectedTotal);
  return confirmSlip();
}

describe("the bet form's shortcuts on a 360 × 740 phone", () => {
  it("fits the narrow screen with every control at least 44 px; one number can go on two top and two bottom with a stake each", async () => {
    await page.goto(`/homeAllLotto?lotto=hanoi&activity=${roundId}`);
    await page.getByTestId("bet-type-TwoDigitOn").click();
    await page.getByTestId("also-TwoDigit").click();
    await expect(page.getByTestId("also-TwoDigit").getAttribute("aria-pressed")).resolves.toBe("true");
    await page.getByTestId("quick-amount-10").click();
    await page.locator('input[name="stake-TwoDigit"]').fill("5");
    await typeNumber("27");
    await page.getByTestId("add-line").click();
    expect(await formLines()).toEqual(["TwoDigitOn:27", "TwoDigit:27"]);
    expect(await formStakes()).toEqual({ "TwoDigitOn:27": "10", "TwoDigit:27": "5" });
    // Each line shows its rate and what it would win as soon as it is added.
    const top = page.locator('[data-testid="bet-line"][data-bet-type="TwoDigitOn"][data-number="27"]');
    await expect(top.getByTestId("line-rate").textContent()).resolves.toContain(`×${formatMoney(baht(rate.TwoDigitOn!))}`);
    await expect(top.getByTestId("line-win").textContent()).resolves.toBe(formatMoney(baht(10 * rate.TwoDigitOn!)));
    const bottom = page.locator('[data-testid="bet-line"][data-bet-type="TwoDigit"][data-number="27"]');
    await expect(bottom.getByTestId("line-win").textContent()).resolves.toBe(formatMoney(baht(5 * rate.TwoDigit!)));

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const targets = await page.getByTestId("bet-form").evaluate((form) => {
      const shown = [...form.querySelectorAll<HTMLElement>("button, input, textarea, a[href]")]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0);
      return {
        count: shown.length,
        small: shown
          .filter(({ r }) => r.width < 44 || r.height < 44)
          .map(
            ({ el, r }) =>
              `${el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? el.textContent}: ${Math.round(r.width)}×${Math.round(r.height)}`,
          ),
      };
    });
    // Types, companion, pad, stakes, quick amounts, shortcuts, lines: far more than 40 targets, none small.
    expect(targets.count).toBeGreaterThan(40);
    expect(targets.small).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "96-bet-shortcuts-form");
    await page.getByTestId("clear-lines").click();
  });

  it("each two-digit shortcut adds its numbers on both chosen types, each with its own stake", async () => {
    const cases: Array<{ id: string; expected: string[]; pick?: () => Promise<void> }> = [
      { id: "doubles", expected: EXPECTED.doubles! },
      { id: "siblings", expected: EXPECTED.siblings! },
      { id: "evenPairs", expected: EXPECTED.evenPairs! },
      { id: "oddPairs", expected: EXPECTED.oddPairs! },
      { id: "lowTwo", expected: EXPECTED.lowTwo! },
      { id: "highTwo", expected: EXPECTED.highTwo! },
      // A digit typed on the pad first is the digit the shortcut uses…
      { id: "frontRun", expected: EXPECTED.frontRun3!, pick: () => typeNumber("3") },
    ];
    for (const c of cases) {
      await c.pick?.();
      await page.getByTestId(`shortcut-${c.id}`).click();
      expect(await formLines(), c.id).toEqual([...on("TwoDigitOn", c.expected), ...on("TwoDigit", c.expected)]);
      const stakes = await formStakes();
      for (const n of c.expected) expect([stakes[`TwoDigitOn:${n}`], stakes[`TwoDigit:${n}`]], `${c.id} ${n}`).toEqual(["10", "5"]);
      await expect(page.getByTestId("form-notice").textContent()).resolves.toContain(`เพิ่ม ${2 * c.expected.length} รายการแล้ว`);
      await page.getByTestId("clear-lines").click();
    }
    // …and without one, the shortcut asks for it.
    await page.getByTestId("shortcut-backRun").click();
    await page.getByTestId("shortcut-digit-picker").waitFor();
    await page.getByTestId("shortcut-digit-7").click();
    expect(await formLines()).toEqual([...on("TwoDigitOn", EXPECTED.backRun7!), ...on("TwoDigit", EXPECTED.backRun7!)]);
    await page.getByTestId("clear-lines").click();
  });

  it("19 ประตู marks the closed and the restricted number before sending; a repeat merges with a notice", async () => {
    await page.getByTestId("shortcut-nineteenDoors").click();
    await page.getByTestId("shortcut-digit-picker").waitFor();
    await modalSettled();
    await expectNoSeriousA11yViolations(page, "a shortcut's digit picker");
    await screenshot(page, "97-bet-shortcut-digit-picker");
    await page.getByTestId("shortcut-digit-5").click();
    const doors = EXPECTED.nineteenDoors5!;
    expect(doors).toHaveLength(19);
    expect(await formLines()).toEqual([...on("TwoDigitOn", doors), ...on("TwoDigit", doors)]);

    const closed = page.locator('[data-testid="bet-line"][data-bet-type="TwoDigitOn"][data-number="55"]');
    await expect(closed.getAttribute("data-closed")).resolves.toBe("true");
    await expect(closed.getByTestId("line-problem").textContent()).resolves.toBe("เลขนี้ปิดรับแทง");
    await expect(page.locator('[data-testid="bet-line"][data-closed="true"]').count()).resolves.toBe(1);
    await expect(page.getByTestId("form-notice").textContent()).resolves.toContain("เลขปิดรับ 55");
    const restricted = page.locator('[data-testid="bet-line"][data-bet-type="TwoDigit"][data-number="50"]');
    await expect(restricted.getByTestId("line-rate").textContent()).resolves.toContain("×60");
    await expect(restricted.getByTestId("line-win").textContent()).resolves.toBe(formatMoney(baht(5 * 60)));
    await expect(restricted.textContent()).resolves.toContain("เลขอั้น");
    await expect(page.getByTestId("submit-slip").isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId("submit-blocker").textContent()).resolves.toContain("ปิดรับแทง");

    // 59 is already on both types: nothing is added, the stakes stay, and the notice says so.
    await typeNumber("59");
    await page.getByTestId("add-line").click();
    const notice = page.getByTestId("form-notice");
    await expect(notice.getAttribute("data-merged")).resolves.toBe("2");
    await expect(notice.textContent()).resolves.toContain("เลขซ้ำ 2 รายการ รวมกับรายการเดิมในโพย: 59");
    await expect(page.getByTestId("bet-line").count()).resolves.toBe(38);
    expect((await formStakes())["TwoDigit:59"]).toBe("5");
    await screenshot(page, "98-bet-shortcut-19-doors");

    await page.getByTestId("remove-closed").click();
    expect(await formLines()).toEqual([
      ...on(
        "TwoDigitOn",
        doors.filter((n) => n !== "55"),
      ),
      ...on("TwoDigit", doors),
    ]);
    await expect(page.getByTestId("submit-slip").isEnabled()).resolves.toBe(true);
  });

  it("the confirm dialog totals the lines by type; the server records the slip the form showed", async () => {
    const before = await creditOf(site, player.token);
    const doors = EXPECTED.nineteenDoors5!;
    const total = 18 * 10 + 19 * 5;
    await openConfirm(total);
    await expect(page.getByTestId("confirm-count").textContent()).resolves.toBe("37 รายการ");
    const byType = await page
      .getByTestId("confirm-type")
      .evaluateAll((els) => els.map((e) => [e.getAttribute("data-bet-type"), e.getAttribute("data-count"), e.getAttribute("data-total")]));
    expect(byType).toEqual([
      ["TwoDigitOn", "18", "180"],
      ["TwoDigit", "19", "95"],
    ]);
    await modalSettled();
    await screenshot(page, "99-bet-shortcut-confirm");
    const masterId = await confirmSlip();
    await page.getByTestId("slip-result").scrollIntoViewIfNeeded();
    await screenshot(page, "100-bet-shortcut-accepted");

    const slip = await serverSlip(masterId);
    expect(slip.activityid).toBe(roundId);
    expect(slip.totalAmount).toBe(total);
    expect(slip.keys).toEqual(
      [
        ...doors.filter((n) => n !== "55").map((n) => `TwoDigitOn:${n}:10:${rate.TwoDigitOn}`),
        ...doors.map((n) => `TwoDigit:${n}:5:${n === "50" ? 60 : rate.TwoDigit}`),
      ].sort(),
    );
    expect(await creditOf(site, player.token)).toBe(before - total);
  });

  it("three digits: เลขตอง, 6 กลับ and 3 กลับ on สามตัวบน with โต๊ด once per set of digits", async () => {
    await page.getByTestId("bet-type-ThreeDigit").click();
    await page.getByTestId("tod-check").click();
    await page.getByTestId("quick-amount-20").click();
    await expect(page.getByTestId("shortcut-sixReverse").isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId("shortcut-threeReverse").isDisabled()).resolves.toBe(true);

    await page.getByTestId("shortcut-triples").click();
    const triples = [..."0123456789"].map((d) => d.repeat(3));
    expect(await formLines()).toEqual([...on("ThreeDigit", triples), ...on("ThreeDigitToad", triples)]);
    await screenshot(page, "101-bet-shortcut-triples");
    await page.getByTestId("clear-lines").click();

    await typeNumber("123");
    await expect(page.getByTestId("shortcut-threeReverse").isDisabled()).resolves.toBe(true);
    await page.getByTestId("shortcut-sixReverse").click();
    await typeNumber("112");
    await expect(page.getByTestId("shortcut-sixReverse").isDisabled()).resolves.toBe(true);
    await page.getByTestId("shortcut-threeReverse").click();
    const six = ["123", "132", "213", "231", "312", "321"];
    const three = ["112", "121", "211"];
    expect((await formLines()).sort()).toEqual(
      [...on("ThreeDigit", [...six, ...three]), "ThreeDigitToad:123", "ThreeDigitToad:112"].sort(),
    );
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, "102-bet-shortcut-six-three-reverse");

    const masterId = await sendSlip(11 * 20);
    const slip = await serverSlip(masterId);
    expect(slip.keys).toEqual(
      [
        ...[...six, ...three].map((n) => `ThreeDigit:${n}:20:${rate.ThreeDigit}`),
        `ThreeDigitToad:123:20:${rate.ThreeDigitToad}`,
        `ThreeDigitToad:112:20:${rate.ThreeDigitToad}`,
      ].sort(),
    );
  });

  it("a pasted list adds every number; repeats merge and pieces that are not numbers are reported", async () => {
    await page.getByTestId("bet-type-TwoDigitOn").click();
    // Two bottom is still chosen with two top from before: this list goes on two top only.
    await expect(page.getByTestId("also-TwoDigit").getAttribute("aria-pressed")).resolves.toBe("true");
    await page.getByTestId("also-TwoDigit").click();
    await page.getByTestId("quick-amount-10").click();
    await page.getByTestId("open-paste").click();
    await page.getByTestId("paste-input").fill("12 34,56\n78\n12, 1a 123 ๙๐");
    const preview = page.getByTestId("paste-preview");
    await expect(preview.getAttribute("data-count")).resolves.toBe("5");
    await expect(preview.getAttribute("data-repeated")).resolves.toBe("1");
    await expect(preview.textContent()).resolves.toContain("1a, 123");
    await modalSettled();
    await expectNoSeriousA11yViolations(page, "the paste dialog with its preview");
    await screenshot(page, "103-bet-paste-preview");
    await page.getByTestId("paste-add").click();
    expect(await formLines()).toEqual(on("TwoDigitOn", ["12", "34", "56", "78", "90"]));
    await expect(page.getByTestId("form-notice").textContent()).resolves.toContain("ไม่ได้เพิ่ม (ไม่ใช่เลข 2 หลัก): 1a, 123");

    // Pasting onto the page (not into a field) opens the same dialog with the text.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "34 99");
      document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    // The dialog just closed may still be leaving: wait for the one this paste opens.
    await expect.poll(() => page.getByTestId("paste-input").inputValue()).toBe("34 99");
    await page.getByTestId("paste-add").click();
    await expect(page.getByTestId("form-notice").getAttribute("data-merged")).resolves.toBe("1");
    await expect(page.getByTestId("form-notice").textContent()).resolves.toContain("รวมกับรายการเดิมในโพย: 34");
    expect(await formLines()).toEqual(on("TwoDigitOn", ["12", "34", "56", "78", "90", "99"]));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "104-bet-paste-merged");

    const masterId = await sendSlip(60);
    const slip = await serverSlip(masterId);
    expect(slip.keys).toEqual(["12", "34", "56", "78", "90", "99"].map((n) => `TwoDigitOn:${n}:10:${rate.TwoDigitOn}`).sort());
  });

  it("on the state lottery, สามตัวบน goes with โต๊ด, สามตัวหน้า and สามตัวหลัง, each toggle readable on the narrow screen", async () => {
    const id = await makeRound(site.db, "thai-gov", 30 * 60_000);
    await page.goto(`/homeAllLotto?lotto=thai-gov&activity=${id}`);
    await page.getByTestId("bet-type-ThreeDigit").click();
    const toggles = ["tod-check", "also-LotteryThreeDigit_front", "also-LotteryThreeDigit_rear"];
    for (const t of toggles) {
      const label = page.getByTestId(t).locator(".mantine-Button-label");
      // Nothing cut off: the label fits its button.
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight), t).toBe(true);
    }
    await page.getByTestId("also-LotteryThreeDigit_front").click();
    await page.getByTestId("also-LotteryThreeDigit_rear").click();
    await typeNumber("905");
    await page.getByTestId("add-line").click();
    expect(await formLines()).toEqual(["ThreeDigit:905", "LotteryThreeDigit_front:905", "LotteryThreeDigit_rear:905"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByTestId("clear-lines").click();
  });

  it("a yeekee round's bet form, opened from its live page, has the same shortcuts", async () => {
    const r = await site.owner.$client.query(
      `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
       values ('yeekee', 998, coalesce((select draw_date from rounds where lottery_id = 'yeekee' and close_at > now() order by close_at limit 1), (now() at time zone 'Asia/Bangkok')::date), now() - interval '1 hour', now() + interval '10 minutes', now() + interval '20 minutes')
       returning id`,
    );
    const yeekeeId = Number(r.rows[0].id);
    const config = await post(site.app, "/api/get-lotto-config-ByActivityID", { activity_id: yeekeeId }, player.token);
    const yeekeeTwo = Object.values(config.body.configLotto as Record<string, { betType: string; rate: number }>).find(
      (c) => c.betType === "TwoDigit",
    )!.rate;
    await page.goto(`/yeekeePage/${yeekeeId}`);
    await page.getByTestId("bet-link").click();
    await page.waitForURL((u) => u.pathname === "/homeAllLotto" && u.searchParams.get("activity") === String(yeekeeId));
    await page.getByTestId("bet-type-TwoDigit").click();
    await page.getByTestId("shortcut-siblings").click();
    const siblings = EXPECTED.siblings!;
    expect(siblings).toEqual("01 12 23 34 45 56 67 78 89 90 10 21 32 43 54 65 76 87 98 09".split(" "));
    expect(await formLines()).toEqual(on("TwoDigit", siblings));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "105-bet-shortcut-yeekee");

    const masterId = await sendSlip(siblings.length * 10);
    const slip = await serverSlip(masterId);
    expect(slip.activityid).toBe(yeekeeId);
    expect(slip.keys).toEqual(siblings.map((n) => `TwoDigit:${n}:10:${yeekeeTwo}`).sort());
    expect(consoleErrors).toEqual([]);
  });
});
