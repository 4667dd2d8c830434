import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { games } from "../../src/contract";
import { bahtToSatang } from "../../src/domain/money";
import { type Dice, gameSettlement, verifyCommitment } from "../../src/domain/games";
import { expireGames, gamesService } from "../../src/server/games/service";
import type { AuthUser } from "../../src/server/http/register-route";
import { THAI } from "../support/app";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, distinctHolder, post } from "../support/players";
import { creditOf, fund, ledgerCheck } from "../support/wallet";

const app = useTestApp();
type Player = Awaited<ReturnType<typeof createPlayer>>;

async function player(credit = 1000): Promise<Player> {
  const p = await createPlayer(app.t, { bankaccounts: distinctHolder("นักเกม ทดสอบ") });
  await fund(app.t, app.admin, p.uuid, credit);
  return p;
}

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await app.t.owner.$client.query(text, params)).rows as T[];
}

async function create(p: Player, body: Record<string, unknown>) {
  const r = await call(app.t.app, games.addHuakoiHilow, { uuid: p.uuid, ...body } as never, p.token);
  if (!r.ok) throw new Error(JSON.stringify(r.body));
  return r.body;
}

const guess = (p: Player, id: number, side: string, gametype = "huakoi") =>
  call(app.t.app, games.guessHuakoiHilow, { id, guess: side, uuid: p.uuid, gametype } as never, p.token);

const cents = (baht: number) => bahtToSatang(baht);

describe("playing", () => {
  it("huakoi: a right guess pays the challenger the pot less 5 %, a wrong one the creator; the reveal matches the commitment", async () => {
    const a = await player();
    const b = await player();
    const created = await create(a, { price: 33.33, gametype: "huakoi", bet: "หัว" });
    expect(created.game).toMatchObject({ status: "open", bet: "หัว", mine: true });
    expect(await creditOf(app.t, a.token)).toBe(966.67);
    // Others see the commitment but not the side, dice or salt.
    const open = await call(app.t.app, games.readHuakoiHilow, { gametype: "huakoi", uuid: b.uuid }, b.token);
    const seen = open.ok ? open.body.gamelist.find((g) => g.id === created.game.id) : undefined;
    expect(seen).toMatchObject({ commitment: created.game.commitment, bet: null, salt: null, t1: null, mine: false });
    expect(seen?.creator).toContain("***");

    const { fee, payout } = gameSettlement(cents(33.33), 500);
    expect(fee + payout).toBe(cents(66.66));
    const right = await guess(b, created.game.id, "หัว");
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    expect(right.body).toMatchObject({ result: "win", bet: "หัว", returnprice: payout / 100, t1: null });
    expect(
      verifyCommitment({ id: created.game.id, type: "huakoi", choice: "หัว", dice: null, saltHex: right.body.salt }, right.body.commitment),
    ).toBe(true);
    expect(
      verifyCommitment({ id: created.game.id, type: "huakoi", choice: "ก้อย", dice: null, saltHex: right.body.salt }, right.body.commitment),
    ).toBe(false);
    expect(await creditOf(app.t, b.token)).toBe((cents(1000) - cents(33.33) + payout) / 100);
    expect(await creditOf(app.t, a.token)).toBe(966.67);

    const second = await create(a, { price: 100, gametype: "huakoi", bet: "ก้อย" });
    const wrong = await guess(b, second.game.id, "หัว");
    expect(wrong.ok && wrong.body).toMatchObject({ result: "lose", bet: "ก้อย", returnprice: 0 });
    expect(await creditOf(app.t, a.token)).toBe((cents(966.67) - cents(100) + gameSettlement(cents(100), 500).payout) / 100);
    const fees = await sql<{ s: string }>(
      `select coalesce(sum(balance), 0)::text as s from accounts where owner_id is null and kind = 'house:game_fees'`,
    );
    expect(Number(fees[0]!.s)).toBeGreaterThanOrEqual(fee + gameSettlement(cents(100), 500).fee);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("hi-low: the creator's dice or the server's roll decide high (11-18) or low; the commitment covers the dice", async () => {
    const a = await player();
    const b = await player();
    const set = await create(a, { price: 50, gametype: "hilow", t1: 6, t2: 4, t3: 1 });
    const low = await guess(b, set.game.id, "ต่ำ", "hilow");
    expect(low.ok && low.body).toMatchObject({ result: "lose", bet: "สูง", t1: 6, t2: 4, t3: 1 });
    if (low.ok) {
      const dice: Dice = [6, 4, 1];
      expect(verifyCommitment({ id: set.game.id, type: "hilow", choice: null, dice, saltHex: low.body.salt }, low.body.commitment)).toBe(
        true,
      );
      expect(
        verifyCommitment({ id: set.game.id, type: "hilow", choice: null, dice: [6, 4, 2], saltHex: low.body.salt }, low.body.commitment),
      ).toBe(false);
    }
    const rolled = await create(a, { price: 50, gametype: "hilow" });
    expect(rolled.game.t1).toBeGreaterThanOrEqual(1);
    const row = (await sql<{ server_rolled: boolean }>(`select server_rolled from games where id = $1`, [rolled.game.id]))[0]!;
    expect(row.server_rolled).toBe(true);
    // The commitment can never change, whoever asks.
    await expect(sql(`update games set salt = decode(repeat('00', 32), 'hex') where id = $1`, [rolled.game.id])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(sql(`update games set t1 = case when t1 = 1 then 2 else 1 end where id = $1`, [rolled.game.id])).rejects.toThrow(
      /cannot be changed/,
    );
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});

describe("one challenger, and nothing lost", () => {
  it("two challengers at once: one claims the game, the other gets 409 and keeps the stake", async () => {
    const a = await player();
    const [b, c] = [await player(), await player()];
    const g = await create(a, { price: 200, gametype: "huakoi", bet: "หัว" });
    const answers = await Promise.all([guess(b, g.game.id, "หัว"), guess(c, g.game.id, "ก้อย")]);
    expect(answers.filter((x) => x.ok).length).toBe(1);
    const loser = answers.find((x) => !x.ok)!;
    expect(loser.statusCode).toBe(409);
    expect(loser.body.msg).toMatch(THAI);
    const credits = [await creditOf(app.t, b.token), await creditOf(app.t, c.token)];
    expect(credits.filter((x) => x === 1000).length).toBe(1);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("a guess racing the creator's cancel: exactly one happens", async () => {
    for (let i = 0; i < 5; i++) {
      const a = await player();
      const b = await player();
      const g = await create(a, { price: 100, gametype: "huakoi", bet: "ก้อย" });
      const [guessed, cancelled] = await Promise.all([
        guess(b, g.game.id, "หัว"),
        call(app.t.app, games.cancelHuakoiHilow, { id: g.game.id, uuid: a.uuid }, a.token),
      ]);
      expect([guessed.ok, cancelled.ok].filter(Boolean).length).toBe(1);
      const status = (await sql<{ status: string }>(`select status from games where id = $1`, [g.game.id]))[0]!.status;
      expect(status).toBe(guessed.ok ? "done" : "cancelled");
      if (cancelled.ok) {
        expect(await creditOf(app.t, a.token)).toBe(1000);
        expect(await creditOf(app.t, b.token)).toBe(1000);
      }
    }
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("a guess killed between its claim and its payout leaves the game open and every balance as it was", async () => {
    const a = await player();
    const b = await player();
    const g = await create(a, { price: 100, gametype: "huakoi", bet: "หัว" });
    // Another session holds the fee accounts, so the guess stops after claiming the game row.
    const blocker = await app.t.owner.$client.connect();
    try {
      await blocker.query("begin");
      await blocker.query("select 1 from accounts where owner_id is null and kind = 'house:game_fees' for update");
      const pending = guess(b, g.game.id, "หัว");
      // Until the guess waits on that lock, however long a busy machine takes to get it there.
      const waiting = async () =>
        (
          await sql<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%ledger_lock%'`,
          )
        ).map((w) => w.pid);
      await expect.poll(waiting, { timeout: 20_000, interval: 10 }).toHaveLength(1);
      const [pid] = await waiting();
      expect(pid).toBeDefined();
      expect((await sql<{ status: string }>(`select status from games where id = $1`, [g.game.id]))[0]!.status).toBe("open");
      await sql(`select pg_terminate_backend($1)`, [pid]);
      const crashed = await pending;
      expect(crashed.ok).toBe(false);
      await blocker.query("rollback");
    } finally {
      blocker.release();
    }
    expect((await sql<{ status: string }>(`select status from games where id = $1`, [g.game.id]))[0]!.status).toBe("open");
    expect(await creditOf(app.t, b.token)).toBe(1000);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
    // The game is still there to win.
    expect((await guess(b, g.game.id, "หัว")).ok).toBe(true);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 30_000);

  it("games unanswered past the expiry are refunded once, however often the job runs", async () => {
    const a = await player();
    const g = await create(a, { price: 150, gametype: "hilow" });
    await sql(`update games set created_at = now() - interval '25 hours' where id = $1`, [g.game.id]);
    await Promise.all([expireGames(app.t.db), expireGames(app.t.db)]);
    await expireGames(app.t.db);
    expect(await creditOf(app.t, a.token)).toBe(1000);
    expect((await sql<{ status: string }>(`select status from games where id = $1`, [g.game.id]))[0]!.status).toBe("expired");
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
  it("two instances expiring more than a batch of games at once refund each once and never deadlock", async () => {
    const { config } = (await call(app.t.app, games.adminGameSummary, { dayperiod: 1 }, app.admin)).body as {
      config: z.output<typeof games.GameConfig>;
    };
    expect((await call(app.t.app, games.adminSaveGameConfig, { ...config, max_open_per_creator: 60 }, app.admin)).statusCode).toBe(200);
    try {
      // 150 games: the two batches (100 and 50) each run through most of the 64 escrow shards.
      const creators = [await player(), await player(), await player()];
      const ids: number[] = [];
      // Through the service: 150 calls would pass the route's limit of 60 a minute from one address.
      const service = gamesService(app.t.db);
      for (const c of creators) {
        const user: AuthUser = { uuid: c.uuid, username: c.username, userType: "user", role: "player", sessionId: "", exp: 0 };
        const body: z.output<typeof games.addHuakoiHilow.body> = { uuid: c.uuid, price: 10, gametype: "hilow" };
        for (let i = 0; i < 50; i++) ids.push((await service.create(user, body)).game.id);
      }
      await sql(`update games set created_at = now() - interval '25 hours' where id = any($1)`, [ids]);
      const expired = await Promise.all([expireGames(app.t.db), expireGames(app.t.db)]);
      expect(expired[0] + expired[1]).toBe(150);
      for (const c of creators) expect(await creditOf(app.t, c.token)).toBe(1000);
      expect(
        (await sql<{ n: number }>(`select count(*)::int as n from games where id = any($1) and status = 'expired'`, [ids]))[0]!.n,
      ).toBe(150);
      expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
    } finally {
      await call(app.t.app, games.adminSaveGameConfig, config, app.admin);
    }
  }, 60_000);
});

describe("rules and validation", () => {
  it("refuses a creator's own guess, players sharing a bank account name, and more open games than allowed", async () => {
    const a = await player();
    const g = await create(a, { price: 10, gametype: "huakoi", bet: "หัว" });
    const own = await guess(a, g.game.id, "หัว");
    expect(own.statusCode).toBe(400);
    expect(own.body.msg).toMatch(THAI);
    const twin = await createPlayer(app.t, {
      bankaccounts: (await sql<{ n: string }>(`select bank_account_name as n from users where id = $1`, [a.uuid]))[0]!.n,
    });
    await fund(app.t, app.admin, twin.uuid, 100);
    expect((await guess(twin, g.game.id, "หัว")).statusCode).toBe(403);
    // The same name written with a title, a dash and a dot is the same person too (docs/decisions/048).
    const holder = (await sql<{ n: string }>(`select bank_account_name as n from users where id = $1`, [a.uuid]))[0]!.n;
    const punctuated = await createPlayer(app.t, { bankaccounts: `นาย ${holder.replace(" ", "-")}.` });
    await fund(app.t, app.admin, punctuated.uuid, 100);
    const refused = await guess(punctuated, g.game.id, "หัว");
    expect(refused.statusCode).toBe(403);
    expect(refused.body.msg).toMatch(THAI);
    for (let i = 0; i < 9; i++) await create(a, { price: 10, gametype: "huakoi", bet: "หัว" });
    const eleventh = await call(app.t.app, games.addHuakoiHilow, { uuid: a.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, a.token);
    expect(eleventh.statusCode).toBe(409);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("bad input gets 400 in Thai and writes nothing; another's uuid 403; no token 401", async () => {
    const a = await player();
    const b = await player();
    const before = Number((await sql<{ n: string }>(`select count(*)::text as n from games`))[0]!.n);
    for (const body of [
      { price: 0, gametype: "huakoi", bet: "หัว" },
      { price: -10, gametype: "huakoi", bet: "หัว" },
      { price: 10.123, gametype: "huakoi", bet: "หัว" },
      { price: 5, gametype: "huakoi", bet: "หัว" },
      { price: 10, gametype: "hilow", t1: 7, t2: 1, t3: 1 },
      { price: 10, gametype: "hilow", t1: 1 },
      { price: 10, gametype: "poker", bet: "หัว" },
      { price: 10, gametype: "huakoi", bet: "สูง" },
      { price: 20_000, gametype: "huakoi", bet: "หัว" },
    ]) {
      const r = await post(app.t.app, "/api/add-huakoi-hilow", { uuid: a.uuid, ...body }, a.token);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(String(r.body.msg ?? r.body.message), JSON.stringify(body)).toMatch(THAI);
    }
    expect(Number((await sql<{ n: string }>(`select count(*)::text as n from games`))[0]!.n)).toBe(before);
    expect(await creditOf(app.t, a.token)).toBe(1000);
    for (const [url, body] of [
      ["/api/add-huakoi-hilow", { uuid: a.uuid, price: 10, gametype: "huakoi", bet: "หัว" }],
      ["/api/read-huakoi-hilow", { uuid: a.uuid, gametype: "huakoi" }],
      ["/api/read-huakoi-hilow-owner", { uuid: a.uuid, gametype: "huakoi" }],
      ["/api/guess-huakoi-hilow", { uuid: a.uuid, id: 1, guess: "หัว", gametype: "huakoi" }],
      ["/api/cancel-huakoi-hilow", { uuid: a.uuid, id: 1 }],
      ["/api/get-huakoi-hilow-log", { uuid: a.uuid, dayperiod: 7, gametype: "huakoi" }],
      ["/api/read-gameLog-create-cancel-uuid", { uuid: a.uuid, dayperiod: 7 }],
    ] as const) {
      expect((await post(app.t.app, url, body, b.token)).statusCode, url).toBe(403);
      expect((await post(app.t.app, url, body)).statusCode, url).toBe(401);
    }
    expect((await post(app.t.app, "/api/admin/game-summary", { dayperiod: 7 }, a.token)).statusCode).toBe(403);
    const summary = await call(app.t.app, games.adminGameSummary, { dayperiod: 7 }, app.admin);
    expect(summary.ok && summary.body.config.fee_bp).toBe(500);
    for (const url of ["/api/admin/save-game-config", "/api/admin/player-games"])
      expect((await post(app.t.app, url, {}, a.token)).statusCode, url).toBe(403);
  });

  it("the operator sets the fee and limits (audited) and reads one player's games", async () => {
    const a = await player();
    const b = await player();
    const config = { fee_bp: 300, min_price: 20, max_price: 500, max_open_per_creator: 5, max_daily_between: 10, expiry_hours: 12 };
    const bad = await post(app.t.app, "/api/admin/save-game-config", { ...config, min_price: 600 }, app.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toMatch(THAI);
    expect((await call(app.t.app, games.adminSaveGameConfig, config, app.admin)).statusCode).toBe(200);
    expect(
      (await post(app.t.app, "/api/add-huakoi-hilow", { uuid: a.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, a.token)).statusCode,
    ).toBe(400);
    const g = await create(a, { price: 100, gametype: "huakoi", bet: "หัว" });
    const right = await guess(b, g.game.id, "หัว");
    expect(right.ok && right.body.returnprice).toBe(gameSettlement(cents(100), 300).payout / 100);
    const list = await call(app.t.app, games.adminPlayerGames, { uuid: b.uuid, dayperiod: 1 }, app.admin);
    expect(list.ok && list.body.gamelist.map((x) => [x.id, x.mine])).toEqual([[g.game.id, false]]);
    // The creator's lookup marks the game theirs; an open game's side stays hidden from the operator.
    const open = await create(a, { price: 50, gametype: "huakoi", bet: "ก้อย" });
    const byCreator = await call(app.t.app, games.adminPlayerGames, { uuid: a.uuid, dayperiod: 1 }, app.admin);
    expect(byCreator.ok && byCreator.body.gamelist.map((x) => [x.id, x.mine, x.bet])).toEqual([
      [open.game.id, true, null],
      [g.game.id, true, "หัว"],
    ]);
    expect((await call(app.t.app, games.cancelHuakoiHilow, { id: open.game.id, uuid: a.uuid }, a.token)).ok).toBe(true);
    expect((await sql(`select after from audit_log where action = 'games.config' order by id desc limit 1`))[0]!.after).toEqual(config);
    expect(
      (
        await call(
          app.t.app,
          games.adminSaveGameConfig,
          { fee_bp: 500, min_price: 10, max_price: 10_000, max_open_per_creator: 10, max_daily_between: 20, expiry_hours: 24 },
          app.admin,
        )
      ).statusCode,
    ).toBe(200);
  });

  it("the ranking orders players by net winnings after fees over at most 31 days", async () => {
    const a = await player();
    const b = await player();
    const g = await create(a, { price: 1000, gametype: "huakoi", bet: "หัว" });
    expect((await guess(b, g.game.id, "หัว")).ok).toBe(true);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const r = await call(app.t.app, games.readGamehuakoirankingBydate, { startdate: today, enddate: today, game_type: "huakoi" }, a.token);
    expect(r.ok).toBe(true);
    if (r.ok) {
      const net = gameSettlement(cents(1000), 500).payout - cents(1000);
      expect(r.body.gamehuakoirankingList.some((x) => Math.round(x.net * 100) === net && x.username.includes("***"))).toBe(true);
      expect(r.body.gamehuakoirankingList.some((x) => x.net === -1000)).toBe(true);
    }
    const tooLong = await post(
      app.t.app,
      "/api/read-gamehuakoiranking-bydate",
      { startdate: "2026-01-01", enddate: "2026-03-01", game_type: "huakoi" },
      a.token,
    );
    expect(tooLong.statusCode).toBe(400);
  });
});
