import type { Page, WebSocketRoute } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baht, formatCredit } from "../src/domain/money";
import { yeekeeOffset, yeekeeResult } from "../src/domain/yeekee";
import { finishYeekeeRound } from "../src/server/yeekee/service";
import { placeSlip } from "../tests/support/betting";
import { createPlayer, post } from "../tests/support/players";
import { adminToken, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, wholeText } from "./support/harness";
import { useSite } from "./support/site";

const site = useSite();
let roundId: number;
let p1: Awaited<ReturnType<typeof createPlayer>>;
let p2: Awaited<ReturnType<typeof createPlayer>>;
let page1: Page;
let page2: Page;
/** Every number shot, in the order the server received it. */
const shots: string[] = [];
/** Player 2's live connections pass through a route, so the test can drop one. */
const page2Sockets: { url: string; page: WebSocketRoute; server: WebSocketRoute }[] = [];
/** The pages log every failed call (spec §8); none is expected here. */
const consoleErrors: string[] = [];

const q = async (sql: string, params: unknown[] = []) => (await site.owner.$client.query(sql, params)).rows;

beforeAll(async () => {
  const admin = await adminToken(site);
  await q(`update site_config set value = value || '{"shotIntervalSeconds": 0, "minShots": 20}'::jsonb where key = 'yeekee'`);
  // Bets close in 10 minutes, shooting runs until 20 minutes; its draw date is the yeekee day the site shows now
  // (the next round's: between midnight and the day's last round that is still yesterday's Bangkok date).
  const r = await q(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee', 999, coalesce((select draw_date from rounds where lottery_id = 'yeekee' and close_at > now() order by close_at limit 1), (now() at time zone 'Asia/Bangkok')::date), now() - interval '1 hour', now() + interval '10 minutes', now() + interval '20 minutes')
     returning id`,
  );
  roundId = Number(r[0].id);
  p1 = await createPlayer(site);
  p2 = await createPlayer(site);
  for (const [p, line] of [
    [p1, { award_type: "ThreeDigit", number: "123", amount: 100 }],
    [p2, { award_type: "TwoDigit", number: "45", amount: 100 }],
  ] as const) {
    await fund(site, admin, p.uuid, 1000);
    const placed = await placeSlip(site, p, roundId, [line]);
    expect(placed.statusCode, JSON.stringify(placed.body)).toBe(200);
  }
  page1 = (await signedInPage(site, p1)).page;
  page2 = (await signedInPage(site, p2)).page;
  await page2.routeWebSocket(/\/api\/ws\/yeekee/, (ws) => {
    page2Sockets.push({ url: ws.url(), page: ws, server: ws.connectToServer() });
  });
  for (const page of [page1, page2])
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
});

/** The result as decided: the shots' sum rule plus the offset of the seed revealed at the result time. */
async function decided() {
  const listed = (await post(site.app, "/api/read-numberrecord", { activityid: roundId }, p1.token)).body as unknown as {
    head: string;
    seed: string | null;
  };
  if (listed.seed === null) throw new Error("the seed is revealed at the result time");
  const r = yeekeeResult(shots, 20, yeekeeOffset(listed.seed, listed.head));
  if (r.void) throw new Error("24 shots cannot be void");
  return r;
}

const row = (page: Page, seq: number) => page.locator(`[data-testid="shot-row"][data-seq="${seq}"]`);
const countIs = (page: Page, n: number) => page.locator(`[data-testid="shot-count"][data-count="${n}"]`).waitFor();

describe("yeekee live", () => {
  it("each player opens the round's live page: player 1 from the yeekee round list, player 2 by its address", async () => {
    await page1.goto("/homeAllLotto?lotto=yeekee");
    const link = page1.locator(`[data-testid="yeekee-shoot-link"][data-activity-id="${roundId}"]`);
    await link.scrollIntoViewIfNeeded();
    await screenshot(page1, "49-yeekee-rounds");
    await link.click();
    await page1.waitForURL((u) => u.pathname === `/yeekeePage/${roundId}`);
    await page2.goto(`/yeekeePage/${roundId}`);
    for (const page of [page1, page2]) {
      await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
      // The round's own answer may come after the live feed connects: the header says "งวด #id" until then.
      await expect.poll(() => page.getByTestId("yeekee-round").textContent()).toContain("รอบที่ 999");
      await expect.poll(() => page.getByTestId("shoot-countdown").textContent()).toMatch(/^00:(19|20):\d{2}$/);
      await expect.poll(() => page.getByTestId("bet-countdown").textContent()).toMatch(/^00:(09|10):\d{2}$/);
      await page.getByTestId("round-slip").first().waitFor();
      await expect(page.getByTestId("round-slip-staked").textContent()).resolves.toMatch(/^100(\.00)? ฿$/);
    }
    await expect(page1.getByTestId("bet-link").getAttribute("href")).resolves.toBe(`/homeAllLotto?lotto=yeekee&activity=${roundId}`);
    // The sealed seed's commitment shows from the start, as the database drew it.
    const commitment = (await q(`select commitment from yeekee_seeds where round_id = $1`, [roundId]))[0].commitment as string;
    for (const page of [page1, page2]) {
      await expect(page.getByTestId("seed-commitment").getAttribute("data-commitment")).resolves.toBe(commitment);
      await expect(page.getByTestId("seed-commitment").textContent()).resolves.toContain("ไม่มีใครรู้หรือกำหนดผลล่วงหน้าได้");
    }
  });

  it("a shot from one player's page reaches the other's live list, and back", async () => {
    for (const d of "12345") await page1.getByTestId(`numpad-${d}`).click();
    await expect(page1.getByTestId("shoot-input").inputValue()).resolves.toBe("12345");
    await page1.getByTestId("shoot-button").click();
    await page1.getByTestId("shoot-notice").waitFor();
    shots.push("12345");
    await expect(row(page2, 1).getAttribute("data-number")).resolves.toBe("12345");
    // For the other player the name is masked.
    await expect(row(page2, 1).textContent()).resolves.toContain("***");

    await page2.getByTestId("shoot-input").fill("00777");
    await page2.getByTestId("shoot-button").click();
    await page2.getByTestId("shoot-notice").waitFor();
    shots.push("00777");
    await expect(row(page1, 2).getAttribute("data-number")).resolves.toBe("00777");
    await expect(row(page1, 1).getAttribute("data-own")).resolves.toBe("true");
    await expect(row(page1, 2).getAttribute("data-own")).resolves.toBe("false");
    await page1.locator('[data-testid="own-shot-row"][data-seq="1"]').waitFor();
    await page2.locator('[data-testid="own-shot-row"][data-seq="2"]').waitFor();
  });

  it("shots sent through the API, alternating players, arrive in order on both pages", async () => {
    const shoot = async (i: number) => {
      const p = i % 2 === 0 ? p1 : p2;
      const number = String((i * 48271 + 9091) % 100000).padStart(5, "0");
      const res = await post(site.app, "/api/post-numberrecord-mockdata", { uuid: p.uuid, activityid: roundId, number }, p.token);
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      shots.push(number);
    };
    for (let i = 0; i < 10; i++) await shoot(i);
    await countIs(page2, 12);
    // Player 2's connection drops; the shots sent meanwhile come with the catch-up of the reconnect.
    const dropped = page2Sockets.at(-1)!;
    await dropped.server.close();
    await dropped.page.close();
    for (let i = 10; i < 22; i++) await shoot(i);
    await expect.poll(() => page2Sockets.length).toBe(2);
    expect(new URL(page2Sockets[1]!.url).searchParams.get("after")).toBe("12");
    const listed = await post(site.app, "/api/read-numberrecord", { activityid: roundId }, p1.token);
    const head = listed.body.head as string;
    for (const page of [page1, page2]) {
      await countIs(page, 24);
      await expect(page.getByTestId("chain-head").getAttribute("data-head")).resolves.toBe(head);
      await expect(page.getByTestId("shot-row").first().getAttribute("data-seq")).resolves.toBe("24");
      const numbers = await page.getByTestId("shot-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-number")));
      expect(numbers).toEqual([...shots].reverse());
    }
    // Each player's own list holds their page shot and their 11 API shots.
    await expect(page1.getByTestId("own-shot-row").count()).resolves.toBe(12);
    await expect(page2.getByTestId("own-shot-row").count()).resolves.toBe(12);
    await page1.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page1, "50-yeekee-live");
  });

  it("at the end of shooting the result appears with its derivation and the #1/#16 rewards", async () => {
    await q(`update rounds set close_at = now() - interval '2 seconds', result_at = now() - interval '1 second' where id = $1`, [roundId]);
    // The page still offers the box (it learnt another end time); the server refuses, and its Thai message shows.
    await page1.getByTestId("shoot-input").fill("11111");
    await page1.getByTestId("shoot-button").click();
    await expect(page1.getByTestId("shoot-error").textContent()).resolves.toContain("ไม่อยู่ในเวลายิงเลข");
    expect(await finishYeekeeRound(site.db, roundId)).toBe("result");
    const expected = await decided();
    const award = await post(site.app, "/api/award", { activityid: roundId }, p1.token);
    const lines = award.body.awardlist as Array<{ award_type: string; number: string }>;
    expect(lines.find((l) => l.award_type === "ThreeDigit")?.number).toBe(expected.top3);
    expect(lines.find((l) => l.award_type === "TwoDigit")?.number).toBe(expected.bottom2);

    for (const page of [page1, page2]) {
      const result = page.getByTestId("yeekee-result");
      await result.waitFor();
      await expect(result.getAttribute("data-result")).resolves.toBe(expected.result);
      await expect(result.getAttribute("data-top3")).resolves.toBe(expected.top3);
      await expect(result.getAttribute("data-bottom2")).resolves.toBe(expected.bottom2);
      await expect(page.getByTestId("derivation-sixteenth").textContent()).resolves.toContain(expected.sixteenth);
      await expect(page.getByTestId("derivation-offset").textContent()).resolves.toContain(String(expected.offset).padStart(5, "0"));
      await expect(page.getByTestId("record-one").textContent()).resolves.toContain(expected.oneRecord);
      await expect(page.getByTestId("shoot-button").count()).resolves.toBe(0);
    }
    // #1 is the last shot (player 2), #16 the ninth (player 1); both staked the minimum.
    await page1.locator('[data-testid="lucky-person"][data-position="16"][data-paid="true"]').waitFor();
    await page1.locator('[data-testid="lucky-person"][data-position="1"][data-paid="true"]').waitFor();
    // Player 1's 50 ฿ for #16 reaches the credit shown.
    await page1
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(1000 - 100 + 50))) })
      .waitFor();
    await expect(page1.getByTestId("shoot-countdown").textContent()).resolves.toBe("00:00:00");
    await page1.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page1, "51-yeekee-result");
  });

  it("the verification view recomputes the chain, the seed's commitment, the offset and the result in the browser and finds them equal to the published ones", async () => {
    const expected = await decided();
    await page2.getByTestId("verify-button").click();
    await page2.getByTestId("verify-ok").waitFor();
    await expect(page2.getByTestId("verify-ok").textContent()).resolves.toContain("สายแฮชถูกต้อง ✓");
    await expect(page2.getByTestId("verify-ok").textContent()).resolves.toContain("ผลรางวัลตรงกับที่คำนวณได้ ✓");
    await expect(page2.getByTestId("verify-seal").getAttribute("data-ok")).resolves.toBe("true");
    await expect(page2.getByTestId("verify-seed").textContent()).resolves.toContain("✓");
    await expect(page2.getByTestId("verify-offset").getAttribute("data-offset")).resolves.toBe(String(expected.offset));
    const recomputed = page2.getByTestId("recomputed-result");
    await expect(recomputed.getAttribute("data-result")).resolves.toBe(expected.result);
    await expect(recomputed.getAttribute("data-top3")).resolves.toBe(expected.top3);
    await expect(recomputed.getAttribute("data-bottom2")).resolves.toBe(expected.bottom2);
    await expect(page2.getByTestId("verify-shot").count()).resolves.toBe(24);
    await page2.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page2, "52-yeekee-verify");
    // Only the refused late shot was logged.
    expect(consoleErrors.filter((e) => !e.includes("409"))).toEqual([]);
  });
});

it("a live page whose session ends elsewhere goes to the sign-in page saying why, and its socket stays closed", async () => {
  const r = await q(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     select lottery_id, 998, draw_date, open_at, close_at, result_at from rounds where id = $1 returning id`,
    [roundId],
  );
  const player = await createPlayer(site);
  const { page, context } = await signedInPage(site, player);
  const opened: string[] = [];
  page.on("websocket", (ws) => opened.push(ws.url()));
  await page.goto(`/yeekeePage/${Number(r[0].id)}`);
  await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
  const jwt = (await context.cookies()).find((c) => c.name === "jwt")!.value;
  // Signed out on another device: the server closes the page's socket as a call's 401 (docs/decisions/048). The
  // page makes no call of its own while the round is shooting, so only the socket can tell it.
  const out = await site.app.inject({ method: "POST", url: "/api/logout", headers: { authorization: `Bearer ${jwt}` }, payload: {} });
  expect(out.statusCode).toBe(200);
  await page.waitForURL((u) => u.pathname === "/singInPage" && u.searchParams.get("ended") === "revoked");
  await page.getByTestId("signin-ended").waitFor();
  // The one socket the live page opened, not a reconnect after the session ended.
  expect(opened.filter((u) => u.includes("/api/ws/yeekee"))).toHaveLength(1);
  await context.close();
});

/** Another round of the test round's lottery and draw date, open for bets and shooting from now: its id. */
async function openRoundBeside(roundNo: number): Promise<number> {
  const r = await q(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     select lottery_id, $2, draw_date, now() - interval '1 hour', now() + interval '10 minutes', now() + interval '20 minutes'
     from rounds where id = $1 returning id`,
    [roundId, roundNo],
  );
  return Number(r[0].id);
}

it("while the shooting time is on its way the pad's place says so, and nothing below the pad moves when it comes", async () => {
  const id = await openRoundBeside(997);
  const player = await createPlayer(site);
  const { page, context } = await signedInPage(site, player);
  // Everything that tells the page the shooting time (the round list, the listed shots, the live feed) is held back
  // until the page has drawn without it, as on a slow phone network.
  let release = () => {};
  const held = new Promise<void>((res) => (release = res));
  for (const path of ["**/api/read-numberrecord", "**/api/get-activity-yeekee/**"])
    await page.route(path, async (route) => {
      await held;
      await route.continue();
    });
  await page.routeWebSocket(/\/api\/ws\/yeekee/, async (ws) => {
    await held;
    ws.connectToServer();
  });
  // Two frames drawn, then a task: what changed before is laid out and painted.
  const painted = () =>
    page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(res, 0)))));
  // Where the shoot button is in its box, below the pad's place (what comes above the box with the answers, such as
  // the seal notice, moves the box as a whole).
  const buttonTop = async () =>
    (await page.getByTestId("shoot-button").evaluate((e) => e.getBoundingClientRect().top)) -
    (await page.getByTestId("shoot-box").evaluate((e) => e.getBoundingClientRect().top));
  await page.goto(`/yeekeePage/${id}?lotto=yeekee`);
  await page.getByTestId("live-shots").waitFor();
  await painted();
  await expect(page.getByTestId("numpad-space").textContent()).resolves.toBe("กำลังโหลดเวลายิงเลข…");
  await expect(page.getByTestId("numpad").count()).resolves.toBe(0);
  await expect(page.getByTestId("shoot-button").isDisabled()).resolves.toBe(true);
  const before = await buttonTop();
  release();
  await page.getByTestId("numpad").waitFor();
  await painted();
  expect(await buttonTop()).toBe(before);
  await expect(page.getByTestId("numpad-space").count()).resolves.toBe(0);
  await context.close();
});

it("a round's page finds its round from the lottery its link names without the lotto list, and from a wrong one too", async () => {
  const id = await openRoundBeside(996);
  const player = await createPlayer(site);
  const { page, context } = await signedInPage(site, player);
  const asked: string[] = [];
  page.on("request", (req) => asked.push(new URL(req.url()).pathname));
  await page.goto(`/yeekeePage/${id}?lotto=yeekee`);
  await expect.poll(() => page.getByTestId("yeekee-round").textContent()).toContain("รอบที่ 996");
  await page.waitForLoadState("networkidle");
  expect(asked.filter((p) => p.startsWith("/api/get-activity-yeekee/"))).toEqual(["/api/get-activity-yeekee/yeekee"]);
  expect(asked).not.toContain("/api/lottolist");
  // hanoi is no yeekee lottery: the lotto list says which are, and their lists are asked for.
  asked.length = 0;
  await page.goto(`/yeekeePage/${id}?lotto=hanoi`);
  // After hanoi's refusal, asked twice (queries are retried once, a second later).
  await expect.poll(() => page.getByTestId("yeekee-round").textContent(), { timeout: 10_000 }).toContain("รอบที่ 996");
  expect(asked).toContain("/api/lottolist");
  await expect(page.getByTestId("yeekee-lottery-name").textContent()).resolves.not.toBe("หวยยี่กี");
  await context.close();
});
