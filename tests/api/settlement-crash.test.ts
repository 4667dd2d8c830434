import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BetType } from "../../src/domain/bet-types";
import { lineWins, winningNumbers, winningPairs } from "../../src/domain/results";
import { connect, type Db } from "../../src/server/db/client";
import { settleRound, writeWinningPairs } from "../../src/server/settlement/settle";
import { createTestApp, type TestApp } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer } from "../support/players";
import { makeRound } from "../support/rounds";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

let t: TestApp;
let admin: string;
let players: Array<Awaited<ReturnType<typeof createPlayer>>>;
const RATES: Record<string, number> = { ThreeDigit: 900, TwoDigit: 90, OneDigitOn: 3.2 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  players = [];
  for (let i = 0; i < 6; i++) {
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 100_000);
    players.push(p);
  }
});
afterAll(async () => {
  await t.close();
});

/** A round with `slips` slips of 100 lines each from the players, and a result set without settling it. */
async function roundWithLines(lottery: string, slips: number) {
  const round = await makeRound(t.db, lottery, 600_000);
  const placed: Array<{ player: number; lines: Array<{ award_type: string; number: string; amount: number }> }> = [];
  for (let s = 0; s < slips; s++) {
    const lines = Array.from({ length: 100 }, (_, i) => {
      const k = (s * 100 + i) % 3;
      return k === 0
        ? { award_type: "ThreeDigit", number: String((s * 37 + i) % 1000).padStart(3, "0"), amount: 1 }
        : k === 1
          ? { award_type: "TwoDigit", number: String((s + i) % 100).padStart(2, "0"), amount: 1 }
          : { award_type: "OneDigitOn", number: String(i % 10), amount: 1 };
    });
    const player = s % players.length;
    const res = await placeSlip(t, players[player]!, round, lines);
    expect(res.statusCode).toBe(200);
    placed.push({ player, lines });
  }
  // The result is recorded without settling, as if the process had stopped right after it.
  await t.owner.$client.query(
    `update rounds set status = 'add award', close_at = now() - interval '1 second', open_at = now() - interval '2 hours',
       result = '{"kind":"simple","threeTop":"123","twoBottom":"45"}'::jsonb where id = $1`,
    [round],
  );
  await t.db.transaction((tx) =>
    writeWinningPairs(tx, round, winningPairs(winningNumbers({ kind: "simple", threeTop: "123", twoBottom: "45" }))),
  );
  const w = winningNumbers({ kind: "simple", threeTop: "123", twoBottom: "45" });
  const winnings = players.map((_, i) =>
    placed
      .filter((p) => p.player === i)
      .flatMap((p) => p.lines)
      .reduce((s, l) => s + (lineWins(l.award_type as BetType, l.number, w) ? l.amount * RATES[l.award_type]! : 0), 0),
  );
  const winningLines = placed.flatMap((p) => p.lines).filter((l) => lineWins(l.award_type as BetType, l.number, w)).length;
  return { round, winnings, lines: winningLines };
}

async function settledCount(round: number): Promise<number> {
  return (await t.db.$client.query("select count(*)::int as n from slip_lines where round_id = $1 and result = 'win'", [round])).rows[0].n;
}

it("a settlement killed mid-way and restarted pays every winning line exactly once", async () => {
  const { round, winnings, lines } = await roundWithLines("hanoi", 80);
  expect(lines).toBeGreaterThan(200);
  const before = await Promise.all(players.map((p) => creditOf(t, p.token)));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/settle-child.ts", t.db.$client.options.connectionString!, String(round), "5"],
    {
      stdio: "ignore",
    },
  );
  const exited = new Promise((r) => child.once("exit", r));
  let partial = 0;
  while (child.exitCode === null) {
    partial = await settledCount(round);
    if (partial > 0) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill("SIGKILL");
  await exited;
  const atKill = await settledCount(round);
  expect(atKill).toBeGreaterThan(0);
  expect(atKill).toBeLessThan(lines);
  expect((await ledgerCheck(t, admin)).ok).toBe(true);

  const rest = await settleRound(t.db, round);
  expect(atKill + rest).toBe(lines);
  expect(await settledCount(round)).toBe(lines);
  const after = await Promise.all(players.map((p) => creditOf(t, p.token)));
  after.forEach((a, i) => expect(Math.round((a - before[i]!) * 100)).toBe(Math.round(winnings[i]! * 100)));
  expect(await settleRound(t.db, round)).toBe(0);
  expect((await ledgerCheck(t, admin)).ok).toBe(true);
}, 120_000);

it("two instances settling the same round at once pay once", async () => {
  const { round, winnings, lines } = await roundWithLines("laos-star", 40);
  const before = await Promise.all(players.map((p) => creditOf(t, p.token)));
  const other: Db = connect(t.db.$client.options.connectionString!);
  try {
    const counts = await Promise.all([settleRound(t.db, round, 20), settleRound(other, round, 20), settleRound(t.db, round, 20)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(lines);
  } finally {
    await other.$client.end();
  }
  const after = await Promise.all(players.map((p) => creditOf(t, p.token)));
  after.forEach((a, i) => expect(Math.round((a - before[i]!) * 100)).toBe(Math.round(winnings[i]! * 100)));
  expect((await ledgerCheck(t, admin)).ok).toBe(true);
}, 120_000);

it("settlers whose batches split a slip's lines never deadlock", async () => {
  // Every line wins, so each slip's lines span many batches of three: a settler that waited on one batch
  // passes over its lines and their slips while another takes the next batch (a deadlock with exclusive slip locks).
  const round = await makeRound(t.db, "laos-star", 600_000);
  for (let s = 0; s < 12; s++) {
    const lines = Array.from({ length: 60 }, (_, i) => ({ award_type: "OneDigitOn", number: String(1 + (i % 3)), amount: 1 }));
    expect((await placeSlip(t, players[s % players.length]!, round, lines)).statusCode).toBe(200);
  }
  await t.owner.$client.query(
    `update rounds set status = 'add award', close_at = now() - interval '1 second', open_at = now() - interval '2 hours',
       result = '{"kind":"simple","threeTop":"123","twoBottom":"45"}'::jsonb where id = $1`,
    [round],
  );
  await t.db.transaction((tx) =>
    writeWinningPairs(tx, round, winningPairs(winningNumbers({ kind: "simple", threeTop: "123", twoBottom: "45" }))),
  );
  const before = await Promise.all(players.map((p) => creditOf(t, p.token)));
  const other: Db = connect(t.db.$client.options.connectionString!);
  try {
    const counts = await Promise.all([
      settleRound(t.db, round, 3),
      settleRound(other, round, 3),
      settleRound(t.db, round, 3),
      settleRound(other, round, 3),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12 * 60);
  } finally {
    await other.$client.end();
  }
  const after = await Promise.all(players.map((p) => creditOf(t, p.token)));
  // Two slips of 60 winning lines each per player, 1 ฿ at 3.2.
  after.forEach((a, i) => expect(Math.round((a - before[i]!) * 100)).toBe(2 * 60 * 320));
  expect(await settledCount(round)).toBe(12 * 60);
  expect((await ledgerCheck(t, admin)).ok).toBe(true);
}, 120_000);
