import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { betting, lottery, wallet } from "../../src/contract";
import { call } from "../support/call";
import { createPlayer } from "../support/players";
import { makeRound } from "../support/rounds";
import { useTestApp } from "../support/fixture";
import { fund, ledgerCheck } from "../support/wallet";

// The ledger's one lock order is "accounts by id" (decision 013). In a database that grew over time the
// house accounts are not all older than the players (migration 0012 added shards 16-63 after players
// existed), so here every house account is given an id above the players' before any money moves, and
// bets, cancels, adjustments and a settlement then run at once: nothing may deadlock or be lost.

const app = useTestApp();

const q = async (sql: string, params: unknown[] = []) => (await app.t.owner.$client.query(sql, params)).rows;

it("bets, cancels, credit adjustments and a settlement at once keep the one lock order when house accounts are newer than players", async () => {
  const { t, admin } = app;
  const players = [];
  for (let i = 0; i < 6; i++) players.push(await createPlayer(t));
  expect((await q("select count(*)::int as n from ledger_entries"))[0].n).toBe(0);
  await q("update accounts set id = default where owner_id is null");
  const [{ house_min, player_max }] = await q(
    "select min(id) filter (where owner_id is null) as house_min, max(id) filter (where owner_id is not null) as player_max from accounts",
  );
  expect(Number(house_min)).toBeGreaterThan(Number(player_max));
  for (const p of players) await fund(t, admin, p.uuid, 5_000);
  const deadlocksBefore = Number((await q("select deadlocks from pg_stat_database where datname = current_database()"))[0].deadlocks);

  const settled = await makeRound(t.owner, "cambodia", 3_600_000);
  const open = await makeRound(t.owner, "laos", 3_600_000);
  // Bets on the round to be settled first, so that its winners are paid while other money moves.
  for (const [i, p] of players.entries()) {
    const res = await call(
      t.app,
      betting.postNumberDigit,
      { uuid: p.uuid, activityid: settled, datetime: `s-${i}`, numberlist: [{ award_type: "TwoDigit", number: "12", amount: 10 }] },
      p.token,
    );
    expect(res.ok).toBe(true);
  }
  expect((await call(t.app, lottery.closeActivity, { activityid: settled }, admin)).ok).toBe(true);

  const work: Array<Promise<unknown>> = [];
  for (let round = 0; round < 5; round++) {
    for (const [i, p] of players.entries()) {
      work.push(
        (async () => {
          const placed = await call(
            t.app,
            betting.postNumberDigit,
            {
              uuid: p.uuid,
              activityid: open,
              datetime: `o-${round}-${i}`,
              numberlist: [
                { award_type: "ThreeDigit", number: String(100 + i), amount: 5 },
                { award_type: "TwoDigit", number: "34", amount: 5 },
              ],
            },
            p.token,
          );
          if (!placed.ok) throw new Error(`slip refused: ${JSON.stringify(placed.body)}`);
          if (round % 2 === 0) {
            const cancelled = await call(
              t.app,
              betting.cancelSlip,
              { uuid: p.uuid, activityid: open, master_id: placed.body.master_id },
              p.token,
            );
            if (!cancelled.ok) throw new Error(`cancel refused: ${JSON.stringify(cancelled.body)}`);
          }
        })(),
      );
      work.push(
        call(t.app, wallet.adminAdjustCredit, { uuid: p.uuid, amount: 1, note: "ทดสอบลำดับการล็อก" }, admin, {
          headers: { "idempotency-key": randomUUID() },
        }).then((r) => {
          if (!r.ok) throw new Error(`adjustment refused: ${JSON.stringify(r.body)}`);
        }),
      );
    }
  }
  work.push(
    call(t.app, lottery.addAward, { activityid: settled, threeTop: "512", twoBottom: "12" }, admin).then((r) => {
      if (!r.ok) throw new Error(`result refused: ${JSON.stringify(r.body)}`);
    }),
  );
  await Promise.all(work);

  // Every winner paid once, every cancel refunded, every adjustment made: the books balance.
  expect((await q("select count(*)::int as n from slip_lines where round_id = $1 and result = 'win'", [settled]))[0].n).toBe(
    players.length,
  );
  expect((await ledgerCheck(t, admin)).ok).toBe(true);
  await new Promise((r) => setTimeout(r, 1_500));
  expect(Number((await q("select deadlocks from pg_stat_database where datname = current_database()"))[0].deadlocks)).toBe(deadlocksBefore);
});
