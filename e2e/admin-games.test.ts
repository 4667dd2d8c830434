import { expect, it } from "vitest";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer, post } from "../tests/support/players";
import { adminToken, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

// The back office of games between players (docs/decisions/016) in the browser, on the narrowest common phone: the operator sees an open game
// and the stake held for it, a finished game with its fee, refuses a bad setting in Thai, saves a new fee
// (read back from the server), and finds a player's games.

const site = useSite();

type Game = { id: number; status: string };

it("the operator watches the games, changes the fee and looks up a player's games", async () => {
  const admin = await adminToken(site);
  const creator = await createPlayer(site, { bankaccounts: "ผู้สร้าง เกมสนุก" });
  const challenger = await createPlayer(site, { bankaccounts: "ผู้ท้า ใจกล้า" });
  await fund(site, admin, creator.uuid, 500);
  await fund(site, admin, challenger.uuid, 500);
  // One game stays open (its 120 baht held in escrow); another is taken and ends, paying 5 % of its 100-baht pot.
  const open = await post(
    site.app,
    "/api/add-huakoi-hilow",
    { uuid: creator.uuid, price: 120, gametype: "huakoi", bet: "หัว" },
    creator.token,
  );
  expect(open.statusCode, JSON.stringify(open.body)).toBe(200);
  const openId = (open.body.game as Game).id;
  const taken = await post(
    site.app,
    "/api/add-huakoi-hilow",
    { uuid: creator.uuid, price: 50, gametype: "huakoi", bet: "ก้อย" },
    creator.token,
  );
  const takenId = (taken.body.game as Game).id;
  const guess = await post(
    site.app,
    "/api/guess-huakoi-hilow",
    { uuid: challenger.uuid, id: takenId, guess: "หัว", gametype: "huakoi" },
    challenger.token,
  );
  expect(guess.statusCode, JSON.stringify(guess.body)).toBe(200);

  const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.getByTestId("admin-link").click();
  await page.getByRole("tab", { name: "เกม", exact: true }).click();
  const openRow = page.getByTestId("admin-open-game");
  await openRow.first().waitFor();
  expect(await openRow.count()).toBe(1);
  expect(await openRow.getAttribute("data-game-id")).toBe(String(openId));
  expect(await openRow.textContent()).toContain("120 ฿");
  expect(await page.getByTestId("game-escrow").textContent()).toBe("120 ฿");
  expect(await page.getByTestId("game-fees").textContent()).toBe("5 ฿");
  expect(await page.getByTestId("game-open-count").textContent()).toBe("1");
  const ended = page.getByTestId("admin-recent-game").filter({ has: page.getByText(`#${takenId}`, { exact: true }) });
  // The creator hid ก้อย and the challenger guessed หัว: the creator keeps the pot less the fee.
  expect(await ended.getByTestId("game-outcome").textContent()).toBe("ผู้สร้างชนะ · จ่าย 95 ฿ · ค่าธรรมเนียม 5 ฿");
  await screenshot(page, "83-admin-games-summary");

  // A maximum stake below the minimum is refused on the form, in Thai, and nothing reaches the server.
  const fee = page.locator('input[name="fee_bp"]');
  const maxPrice = page.locator('input[name="max_price"]');
  expect(await fee.inputValue()).toBe("5%");
  await maxPrice.fill("5");
  await page.getByRole("button", { name: "บันทึกการตั้งค่าเกม" }).click();
  await page.getByText("เดิมพันสูงสุดต้องไม่น้อยกว่าต่ำสุด").waitFor();
  await screenshot(page, "84-admin-games-config-refused");
  const unchanged = await post(site.app, "/api/admin/game-summary", { dayperiod: 1 }, admin);
  expect(unchanged.body.config).toEqual(expect.objectContaining({ fee_bp: 500, max_price: 10_000 }));

  await maxPrice.fill("2000");
  await fee.fill("3.5");
  await page.getByRole("button", { name: "บันทึกการตั้งค่าเกม" }).click();
  await page.getByText("บันทึกการตั้งค่าเกมแล้ว").waitFor();
  await screenshot(page, "85-admin-games-config-saved");
  const saved = await post(site.app, "/api/admin/game-summary", { dayperiod: 1 }, admin);
  expect(saved.body.config).toEqual({
    fee_bp: 350,
    min_price: 10,
    max_price: 2000,
    max_open_per_creator: 10,
    max_daily_between: 20,
    expiry_hours: 24,
  });
  // The new limit holds for players at once.
  const tooBig = await post(
    site.app,
    "/api/add-huakoi-hilow",
    { uuid: creator.uuid, price: 2500, gametype: "huakoi", bet: "หัว" },
    creator.token,
  );
  expect(tooBig.statusCode).toBe(400);

  await page.locator('input[name="player-query"]').fill(creator.username);
  await page.getByRole("button", { name: "ค้นหา" }).click();
  await page.getByTestId("picked-player").filter({ hasText: creator.username }).click();
  const playerGames = page.getByTestId("admin-player-game");
  await playerGames.nth(1).waitFor();
  expect(await playerGames.evaluateAll((rows) => rows.map((r) => [r.getAttribute("data-game-id"), r.getAttribute("data-status")]))).toEqual(
    [
      [String(takenId), "done"],
      [String(openId), "open"],
    ],
  );
  await playerGames
    .filter({ has: page.getByText(`#${takenId}`, { exact: true }) })
    .getByText("ผู้สร้างชนะ · จ่าย 95 ฿", { exact: false })
    .waitFor();
  // The looked-up player created both: the won game says so.
  await playerGames
    .filter({ has: page.getByText(`#${takenId}`, { exact: true }) })
    .getByTestId("admin-player-role")
    .filter({ hasText: "เป็นผู้สร้าง · ผู้เล่นชนะ" })
    .waitFor();
  await playerGames.last().scrollIntoViewIfNeeded();
  await screenshot(page, "86-admin-games-player");
});
