import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { baht, formatCredit } from "../src/domain/money";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adjust, adminToken, creditOf, fund, reportDeposit } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { useSite } from "./support/site";

// "Small but visible" (docs/decisions/030) on the narrowest common phone (360 × 740): tap targets of 44 px, a
// logout that asks first, status badges that fit, and a refused slip that offers what can help.

const site = useSite();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(site);
  const bank = await post(
    site.app,
    "/api/admin/save-mybank",
    { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    admin,
  );
  expect(bank.statusCode).toBe(200);
});

/** Every visible button-like control on the page smaller than 44 × 44 px, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = "button, a.mantine-Button-root, a.mantine-ActionIcon-root, [role=button], [role=tab], .shell-nav-item";
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || el.closest("[aria-hidden=true]")) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 20) ?? el.tagName;
        small.push(`${name} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

/** Controls in the header whose boxes overlap or sit closer than 4 px apart. */
async function crowdedHeader(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector("header")!;
    const boxes = Array.from(header.querySelectorAll<HTMLElement>("a, button"))
      .map((el) => ({ name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "", box: el.getBoundingClientRect() }))
      .filter((b) => b.box.width > 0)
      .sort((a, b) => a.box.left - b.box.left);
    const crowded: string[] = [];
    for (let i = 1; i < boxes.length; i++) {
      const gap = boxes[i]!.box.left - boxes[i - 1]!.box.right;
      if (gap < 4) crowded.push(`${boxes[i - 1]!.name} | ${boxes[i]!.name}: ${gap.toFixed(1)} px`);
    }
    return crowded;
  });
}

it("header and page controls are 44 px tap targets, and logout asks before signing out", async () => {
  const player = await createPlayer(site);
  await fund(site, admin, player.uuid, 200);
  const round = await makeRound(site.db, "hanoi", 10 * 60_000);
  const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  try {
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(200))) })
      .waitFor();
    expect(await crowdedHeader(page)).toEqual([]);
    for (const path of ["/", `/homeAllLotto?lotto=hanoi&activity=${round}`, "/mainCredit", "/reviewPostList", "/yourselfPage"]) {
      await page.goto(path);
      await page.getByTestId("credit").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await smallTargets(page), path).toEqual([]);
    }
    await screenshot(page, "116-tap-targets-360");

    // Logout asks first; "ยกเลิก" keeps the session.
    await page.getByTestId("logout").click();
    await page.getByTestId("logout-confirm").waitFor();
    await screenshot(page, "117-logout-confirm");
    await page.getByTestId("logout-cancel").click();
    expect(page.url()).not.toContain("/singInPage");
    await page.getByTestId("logout").click();
    await page.getByTestId("logout-confirm").click();
    await page.waitForURL((u) => u.pathname === "/singInPage");
  } finally {
    await context.close();
  }
});

it("deposit status badges fit whole at 360 px", async () => {
  const player = await createPlayer(site);
  const approved = await reportDeposit(site, player, 100);
  expect((await post(site.app, "/api/admin/approve-paynow", { id: approved.id, status: "Approve" }, admin)).statusCode).toBe(200);
  await reportDeposit(site, player, 250);
  const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  try {
    await page.goto("/mainCredit");
    await page.getByRole("tab", { name: "ประวัติ" }).click();
    const badges = page.locator("[data-status]");
    await badges.first().waitFor();
    const statuses = await badges.evaluateAll((els) =>
      els.map((el) => {
        const label = el.querySelector(".mantine-Badge-label") ?? el;
        return {
          status: el.getAttribute("data-status"),
          text: el.textContent,
          cut: label.scrollWidth > label.clientWidth + 0.5,
          right: el.getBoundingClientRect().right,
        };
      }),
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(expect.arrayContaining(["Approve", "Pending"]));
    for (const s of statuses) {
      expect(s.cut, `${s.text} is cut off`).toBe(false);
      expect(s.right).toBeLessThanOrEqual(360);
    }
    await screenshot(page, "118-badges-360");
  } finally {
    await context.close();
  }
});

it("a refused slip offers the deposit page for too little credit and the next round for a closed one, not a retry", async () => {
  const player = await createPlayer(site);
  await fund(site, admin, player.uuid, 100);
  const round = await makeRound(site.db, "hanoi", 10 * 60_000);
  const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  const betTwoDigit = async (digits: string, stake: number) => {
    await page.getByTestId(`quick-amount-${stake}`).click();
    await page.getByTestId("bet-type-TwoDigit").click();
    for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
    await page.getByTestId("add-line").click();
    await page.getByTestId("submit-slip").click();
    await page.getByTestId("confirm-dialog").waitFor();
  };
  try {
    await page.goto(`/homeAllLotto?lotto=hanoi&activity=${round}`);
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(100))) })
      .waitFor();

    // The operator takes 95 ฿ away while the confirm dialog is open: the server refuses the 50 ฿ slip.
    await betTwoDigit("12", 50);
    expect((await adjust(site, admin, { uuid: player.uuid, amount: -95, note: "ทดสอบ หักเครดิต" })).statusCode).toBe(200);
    await page.getByTestId("confirm-slip").click();
    await page.getByTestId("confirm-error").waitFor();
    await expect(page.getByTestId("confirm-slip").count()).resolves.toBe(0);
    expect(await page.getByText("ลองส่งอีกครั้ง").count()).toBe(0);
    await screenshot(page, "119-bet-refused-credit");
    await page.getByTestId("confirm-deposit").click();
    await page.waitForURL((u) => u.pathname === "/mainCredit");
    expect(await creditOf(site, player.token)).toBe(5);

    // A round closed between adding the lines and confirming: the dialog leads to the next rounds.
    await fund(site, admin, player.uuid, 100);
    await page.goto(`/homeAllLotto?lotto=hanoi&activity=${round}`);
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(105))) })
      .waitFor();
    await betTwoDigit("34", 10);
    expect((await post(site.app, "/api/admin/close-activity", { activityid: round }, admin)).statusCode).toBe(200);
    await page.getByTestId("confirm-slip").click();
    await page.getByTestId("confirm-error").waitFor();
    expect(await page.getByText("ลองส่งอีกครั้ง").count()).toBe(0);
    await page.getByTestId("confirm-next-round").click();
    await page.waitForURL((u) => u.pathname === "/homeAllLotto" && !u.searchParams.has("activity"));
    expect(await creditOf(site, player.token)).toBe(105);
  } finally {
    await context.close();
  }
});
