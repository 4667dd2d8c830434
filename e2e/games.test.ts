import { expect, it } from "vitest";
import { createPlayer, post } from "../tests/support/players";
import { adminToken, creditOf, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

// Games between players (docs/decisions/016) in the browser: two players in two browser contexts. One creates a hi-low game with the
// server rolling the dice; the other sees it appear without reloading, guesses, and both see the result
// with the commitment verified in the browser; the ranking shows them.

const site = useSite();

it("a hi-low game created in one browser is guessed in another, and both verify the reveal", async () => {
  const admin = await adminToken(site);
  const creator = await createPlayer(site, { bankaccounts: "ผู้สร้าง เกมสนุก" });
  const challenger = await createPlayer(site, { bankaccounts: "ผู้ท้า ใจกล้า" });
  await fund(site, admin, creator.uuid, 500);
  await fund(site, admin, challenger.uuid, 500);
  const a = (await signedInPage(site, creator, SMALL_PHONE_VIEWPORT)).page;
  const b = (await signedInPage(site, challenger, SMALL_PHONE_VIEWPORT)).page;

  // The challenger watches the lobby first: the game must appear there live.
  await b.goto("/");
  await b.getByTestId("games-link").click();
  await b.waitForURL(/\/gamePage/);
  await b.goto("/gamePage?type=hilow");
  await b.getByTestId("open-games-empty").waitFor();
  // The lobby's WebSocket is connected (the list no longer polls): the new game is pushed to it.
  await b.getByTestId("open-games-live").filter({ hasText: "อัปเดตทันที" }).waitFor();

  await a.goto("/gamePage?type=hilow");
  await a.getByTestId("tab-create").click();
  await a.getByTestId("create-price").fill("100");
  // "Let the server roll" is on by default: no dice are sent.
  await expect(a.getByTestId("server-roll").isChecked()).resolves.toBe(true);
  await a.getByTestId("create-submit").click();
  await a.getByTestId("create-result").waitFor();
  expect(await creditOf(site, creator.token)).toBe(400);
  await screenshot(a, "80-game-created");

  const card = b.getByTestId("game-card").first();
  await card.waitFor();
  const id = Number(await card.getAttribute("data-game-id"));
  expect(id).toBeGreaterThan(0);
  await card.getByTestId("guess-open").click();
  await b.getByTestId("guess-dialog").waitFor();
  await expectNoSeriousA11yViolations(b, "the hi-low guess dialog");
  await b.getByTestId("guess-side-สูง").click();
  const result = b.getByTestId("guess-result");
  await result.waitFor();
  await b.getByTestId("verify-result").filter({ hasText: "✓" }).waitFor();
  await screenshot(b, "81-game-result");

  // The server's record and both balances: the pot less 5 % went to one of them.
  const log = await post(
    site.app,
    "/api/get-huakoi-hilow-log",
    { uuid: challenger.uuid, dayperiod: 1, gametype: "hilow" },
    challenger.token,
  );
  const game = (log.body.gamelist as Array<{ id: number; winner: string; payout: number }>).find((g) => g.id === id)!;
  expect(game.payout).toBe(190);
  const credits = [await creditOf(site, creator.token), await creditOf(site, challenger.token)];
  expect(credits).toEqual(game.winner === "challenger" ? [400, 590] : [590, 400]);

  // The creator's own games show the reveal verified too, and the ranking lists both.
  await a.getByTestId("tab-mine").click();
  await a.getByTestId("verify-result").filter({ hasText: "✓" }).first().waitFor();
  await a.getByTestId("tab-ranking").click();
  await a.getByTestId("ranking-row").nth(1).waitFor();
  await screenshot(a, "82-game-ranking");
  const check = await post(site.app, "/api/admin/ledger-check", {}, admin);
  expect(check.body.ok).toBe(true);
});
