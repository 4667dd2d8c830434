import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { games } from "../../contract";
import type { GameConfig } from "../../contract/games";
import { commitmentText, type Dice, type GameSide, type GameType, gameSettlement, hiddenSide, sha256Hex } from "../../domain";
import { baht, bahtToSatang, formatMoney, satangToBaht } from "../../domain/money";
import { writeAudit } from "../admin/audit";
import type { Db, Executor, Tx } from "../db/client";
import { ApiError, forbidden } from "../http/errors";
import { once } from "../http/idempotency";
import { assertOwnUuid, type AuthUser } from "../http/register-route";
import { HOUSE, houseShard, InsufficientFunds, lockAccounts, playerAccountId, playerBalance, post, transfer } from "../wallet/ledger";
import { readGameConfig, writeGameConfig } from "./config";
import { gameView } from "./views";
import { checkStake } from "../rg/gate";
import { rollDice } from "./dice";
import type { Col, Computed, Narrow, Row } from "../db/rows";

// Huakoi and hi-low between players (docs/decisions/016): stakes held in the house escrow account, the
// hidden choice committed at creation, one challenger claimed and paid in one transaction.

export type GameRow = Narrow<
  Row<
    "games",
    | "id"
    | "type"
    | "creator_id"
    | "challenger_id"
    | "price"
    | "choice"
    | "t1"
    | "t2"
    | "t3"
    | "salt"
    | "commitment"
    | "status"
    | "guess"
    | "winner_id"
    | "fee"
    | "payout"
    | "created_at"
    | "ended_at"
  >,
  // The CHECK constraints' values.
  { type: GameType; choice: GameSide | null; status: "open" | "done" | "cancelled" | "expired"; guess: GameSide | null }
> & { creator_name: Col<"users", "username"> };

const COLUMNS = sql`g.id, g.type, g.creator_id, u.username as creator_name, g.challenger_id, g.price, g.choice, g.t1, g.t2, g.t3, g.salt,
  g.commitment, g.status, g.guess, g.winner_id, g.fee, g.payout, g.created_at, g.ended_at`;

const msgError = (code: number, message: string) => new ApiError(code, message);

/** The lobby's channel: a game opened or left the open list (sent when the transaction commits). */
export const GAMES_CHANNEL = "games";
export type GameNote = { id: number; gametype: GameType; event: "open" | "closed" };

export async function notifyGame(tx: Executor, id: number, gametype: GameType, event: GameNote["event"]) {
  const note: GameNote = { id, gametype, event };
  await tx.execute(sql`select pg_notify(${GAMES_CHANNEL}, ${JSON.stringify(note)})`);
}

export async function gameById(db: Executor, id: number, lock = false): Promise<GameRow | undefined> {
  const r = await db.execute<GameRow>(sql`
    select ${COLUMNS} from games g join users u on u.id = g.creator_id where g.id = ${id} ${lock ? sql`for update of g` : sql``}`);
  return r.rows[0];
}

/**
 * Refunds an open game's stake to its creator's credit account and ends it as cancelled or expired, inside
 * the caller's transaction. One refund's transfer locks its two accounts in the ledger's order; a
 * transaction making several locks all of theirs first (refundAll).
 */
async function refund(tx: Tx, g: GameRow, status: "cancelled" | "expired", creator: number) {
  await tx.execute(sql`update games set status = ${status}, ended_at = now() where id = ${g.id} and status = 'open'`);
  await notifyGame(tx, Number(g.id), g.type, "closed");
  return transfer(tx, {
    kind: "game.refund",
    from: houseShard(HOUSE.gameEscrow, Number(g.id)),
    to: { player: creator },
    amount: BigInt(g.price),
    reference: `game:${g.id}`,
  });
}

/**
 * Locks every account the refunds of `games` move (their escrow shards, their creators' credit) at once, in
 * the ledger's one order, as a guess does. Refunded one by one, each refund locked its own pair: a batch
 * held one shard while it waited for the next, and a second batch (another instance's ticker), a game
 * created or a guess, holding that one and wanting a shard the first held, made a ring (40P01).
 */
async function lockRefunds(tx: Tx, games: GameRow[]): Promise<Map<string, number>> {
  if (games.length === 0) return new Map();
  const creators = await tx.execute<Row<"accounts", "id"> & { owner_id: NonNullable<Col<"accounts", "owner_id">> /* = any(…) */ }>(sql`
    select id, owner_id from accounts where kind = 'credit' and owner_id = any(${sql.param([...new Set(games.map((g) => g.creator_id))])}::uuid[])`);
  await lockAccounts(tx, [
    ...games.map((g) => houseShard(HOUSE.gameEscrow, Number(g.id))),
    ...creators.rows.map((a) => ({ player: Number(a.id) })),
  ]);
  return new Map(creators.rows.map((a) => [a.owner_id, Number(a.id)]));
}

/** Refunds `games` (locked by the caller) one by one, their accounts locked first. */
async function refundAll(tx: Tx, games: GameRow[], status: "cancelled" | "expired"): Promise<void> {
  const credit = await lockRefunds(tx, games);
  for (const g of games) {
    const creator = credit.get(g.creator_id);
    if (creator === undefined) throw new Error(`no credit account for ${g.creator_id}`);
    await refund(tx, g, status, creator);
  }
}

/** A player's open games, cancelled and refunded inside the caller's transaction (a time-out or self-exclusion). */
export async function cancelOpenGamesOf(tx: Tx, userId: string): Promise<number> {
  const r = await tx.execute<GameRow>(sql`
    select ${COLUMNS} from games g join users u on u.id = g.creator_id
    where g.creator_id = ${userId} and g.status = 'open' order by g.id for update of g`);
  await refundAll(tx, r.rows, "cancelled");
  return r.rows.length;
}

/** Games open longer than the configured hours are refunded to their creators (the ticker; idempotent by the status guard). */
export async function expireGames(db: Db): Promise<number> {
  const config = await readGameConfig(db);
  let expired = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const r = await tx.execute<GameRow>(sql`
        select ${COLUMNS} from games g join users u on u.id = g.creator_id
        where g.status = 'open' and g.created_at < now() - make_interval(hours => ${config.expiry_hours})
        order by g.id limit 100 for update of g skip locked`);
      await refundAll(tx, r.rows, "expired");
      return r.rows.length;
    });
    expired += done;
    if (done < 100) return expired;
  }
}

export function gamesService(db: Db) {
  async function list(where: ReturnType<typeof sql>, viewer: string, limit = 200) {
    const r = await db.execute<GameRow>(
      sql`select ${COLUMNS} from games g join users u on u.id = g.creator_id where ${where} order by g.id desc limit ${limit}`,
    );
    return r.rows.map((g) => gameView(g, viewer));
  }

  return {
    async create(user: AuthUser, body: z.output<typeof games.addHuakoiHilow.body>, idempotencyKey: string | null = null) {
      assertOwnUuid(user, body.uuid);
      const config = await readGameConfig(db);
      if (body.price < config.min_price || body.price > config.max_price) {
        throw msgError(400, `เดิมพันได้ตั้งแต่ ${formatMoney(baht(config.min_price))} ถึง ${formatMoney(baht(config.max_price))} บาท`);
      }
      const price = BigInt(bahtToSatang(body.price));
      const serverRolled = body.gametype === "hilow" && body.t1 === undefined;
      const dice: Dice | null = body.gametype === "hilow" ? (serverRolled ? rollDice() : [body.t1!, body.t2!, body.t3!]) : null;
      const choice = body.gametype === "huakoi" ? (body.bet as GameSide) : null;
      const salt = randomBytes(32);
      const credit = await playerAccountId(db, user.uuid);
      try {
        return await db.transaction((tx) =>
          once(tx, { userId: user.uuid, route: "add-huakoi-hilow", key: idempotencyKey, body }, async () => {
            // One creation per player at a time, so the open-games cap holds.
            await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('games:create:' || ${user.uuid}, 0))`);
            const open = await tx.execute<Computed<{ n: string }>>(
              sql`select count(*) as n from games where creator_id = ${user.uuid} and status = 'open'`,
            );
            if (Number(open.rows[0]!.n) >= config.max_open_per_creator)
              throw msgError(409, `เปิดเกมค้างไว้ได้ไม่เกิน ${config.max_open_per_creator} เกม`);
            const id = Number(
              (await tx.execute<Computed<{ id: string }>>(sql`select nextval(pg_get_serial_sequence('games', 'id')) as id`)).rows[0]!.id,
            );
            // Responsible play's gate, with the game's accounts locked in the ledger's order (a bet at once waits).
            await lockAccounts(tx, [{ player: credit }, houseShard(HOUSE.gameEscrow, id)]);
            await checkStake(tx, user.uuid, price);
            const commitment = sha256Hex(commitmentText({ id, type: body.gametype, choice, dice, saltHex: salt.toString("hex") }));
            await tx.execute(sql`
            insert into games (id, type, creator_id, price, choice, t1, t2, t3, server_rolled, salt, commitment)
            overriding system value
            values (${id}, ${body.gametype}, ${user.uuid}, ${price}, ${choice}, ${dice?.[0] ?? null}, ${dice?.[1] ?? null}, ${dice?.[2] ?? null},
              ${serverRolled}, ${salt}, ${commitment})`);
            const moved = await transfer(tx, {
              kind: "game.stake",
              from: { player: credit },
              to: houseShard(HOUSE.gameEscrow, id),
              amount: price,
              reference: `game:${id}`,
              actorId: user.uuid,
              requestId: user.requestId,
            });
            await notifyGame(tx, id, body.gametype, "open");
            // Kept as the answer to a retry with the same Idempotency-Key, so in the reply's own terms (baht, the game as shown).
            return { game: gameView((await gameById(tx, id))!, user.uuid), credit: satangToBaht(moved.balances.get(credit)!) };
          }),
        );
      } catch (e) {
        if (e instanceof InsufficientFunds) throw msgError(400, "เครดิตไม่พอสำหรับเดิมพันนี้");
        throw e;
      }
    },

    async open(user: AuthUser, body: { gametype: GameType; uuid: string }) {
      assertOwnUuid(user, body.uuid);
      return list(sql`g.status = 'open' and g.type = ${body.gametype} and g.creator_id <> ${user.uuid}`, user.uuid);
    },

    async mine(user: AuthUser, body: { gametype: GameType; uuid: string }) {
      assertOwnUuid(user, body.uuid);
      return list(sql`g.creator_id = ${user.uuid} and g.type = ${body.gametype}`, user.uuid, 100);
    },

    /**
     * The guess: one transaction claims the open game (a row lock: a second challenger waits and then
     * finds it taken), debits the challenger, decides, and pays the winner the pot less the fee.
     */
    async guess(user: AuthUser, body: z.output<typeof games.guessHuakoiHilow.body>, idempotencyKey: string | null = null) {
      assertOwnUuid(user, body.uuid);
      const config = await readGameConfig(db);
      const challengerCredit = await playerAccountId(db, user.uuid);
      try {
        return await db.transaction((tx) =>
          once(tx, { userId: user.uuid, route: "guess-huakoi-hilow", key: idempotencyKey, body }, async () => {
            const g = await gameById(tx, body.id, true);
            if (!g || g.type !== body.gametype) throw msgError(404, "ไม่พบเกมนี้");
            if (g.creator_id === user.uuid) throw msgError(400, "ทายเกมของตนเองไม่ได้");
            if (g.status !== "open") throw msgError(409, g.status === "done" ? "เกมนี้มีผู้ท้าไปแล้ว" : "เกมนี้ถูกยกเลิกหรือหมดเวลาแล้ว");
            const sides = g.type === "huakoi" ? ["หัว", "ก้อย"] : ["สูง", "ต่ำ"];
            if (!sides.includes(body.guess)) throw msgError(400, `เกมนี้ต้องทาย ${sides.join(" หรือ ")}`);
            const same = await tx.execute<Computed<{ same: boolean }>>(
              sql`select same_person(${g.creator_id}::uuid, ${user.uuid}::uuid) as same`,
            );
            if (same.rows[0]!.same) throw msgError(403, "ผู้เล่นที่ใช้บัญชีธนาคารหรือเบอร์โทรเดียวกันเล่นด้วยกันไม่ได้");
            const today = await tx.execute<Computed<{ n: string }>>(sql`
            select count(*) as n from games where status = 'done'
              and ended_at >= (date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')
              and ((creator_id = ${g.creator_id} and challenger_id = ${user.uuid}) or (creator_id = ${user.uuid} and challenger_id = ${g.creator_id}))`);
            if (Number(today.rows[0]!.n) >= config.max_daily_between)
              throw msgError(409, `เล่นกับผู้เล่นคนเดียวกันได้ไม่เกิน ${config.max_daily_between} เกมต่อวัน`);

            const creatorCredit = await playerAccountId(tx, g.creator_id);
            const escrow = houseShard(HOUSE.gameEscrow, Number(g.id));
            const fees = houseShard(HOUSE.gameFees, Number(g.id));
            // Every account of the game at once, in the ledger's order: two games between the same two
            // players in opposite roles never wait on each other in a ring.
            await lockAccounts(tx, [escrow, fees, { player: creatorCredit }, { player: challengerCredit }]);
            const price = BigInt(g.price);
            await checkStake(tx, user.uuid, price);
            await transfer(tx, {
              kind: "game.stake",
              from: { player: challengerCredit },
              to: escrow,
              amount: price,
              reference: `game:${g.id}:guess`,
              actorId: user.uuid,
              requestId: user.requestId,
            });
            const dice: Dice | null = g.t1 === null ? null : [g.t1, g.t2!, g.t3!];
            const hidden = hiddenSide(g.type, g.choice, dice);
            const challengerWins = body.guess === hidden;
            const { pot, fee, payout } = gameSettlement(Number(price), config.fee_bp);
            const winnerCredit = challengerWins ? challengerCredit : creatorCredit;
            const moved = await post(tx, {
              kind: "game.payout",
              reference: `game:${g.id}`,
              requestId: user.requestId,
              postings: [
                { account: escrow, amount: -BigInt(pot) },
                { account: { player: winnerCredit }, amount: BigInt(payout) },
                { account: fees, amount: BigInt(fee) },
              ],
            });
            await tx.execute(sql`
            update games set status = 'done', challenger_id = ${user.uuid}, guess = ${body.guess}, winner_id = ${challengerWins ? user.uuid : g.creator_id},
              fee = ${fee}, payout = ${payout}, ended_at = now()
            where id = ${g.id} and status = 'open'`);
            await notifyGame(tx, Number(g.id), g.type, "closed");
            const ended = (await gameById(tx, Number(g.id)))!;
            const balance = moved.balances.get(challengerCredit) ?? (await playerBalance(tx, user.uuid));
            // Kept as the answer to a retry with the same Idempotency-Key, so in the reply's own terms.
            return {
              result: challengerWins ? ("win" as const) : ("lose" as const),
              bet: hidden,
              returnprice: challengerWins ? satangToBaht(BigInt(payout)) : 0,
              t1: g.t1,
              t2: g.t2,
              t3: g.t3,
              salt: Buffer.from(g.salt).toString("hex"),
              commitment: g.commitment,
              credit: satangToBaht(balance),
              game: gameView(ended, user.uuid),
            };
          }),
        );
      } catch (e) {
        if (e instanceof InsufficientFunds) throw msgError(400, "เครดิตไม่พอสำหรับท้าเกมนี้");
        throw e;
      }
    },

    async cancel(user: AuthUser, body: { id: number; uuid: string }) {
      assertOwnUuid(user, body.uuid);
      return db.transaction(async (tx) => {
        const g = await gameById(tx, body.id, true);
        if (!g) throw msgError(404, "ไม่พบเกมนี้");
        if (g.creator_id !== user.uuid) throw forbidden();
        if (g.status !== "open") throw msgError(409, g.status === "done" ? "เกมนี้มีผู้ท้าแล้ว ยกเลิกไม่ได้" : "เกมนี้จบไปแล้ว");
        const credit = await playerAccountId(tx, user.uuid);
        const moved = await refund(tx, g, "cancelled", credit);
        return moved.balances.get(credit)!;
      });
    },

    async history(user: AuthUser, body: { uuid: string; dayperiod: number; gametype: GameType }) {
      assertOwnUuid(user, body.uuid);
      return list(
        sql`g.status = 'done' and g.type = ${body.gametype} and (g.creator_id = ${user.uuid} or g.challenger_id = ${user.uuid})
          and g.ended_at >= now() - make_interval(days => ${body.dayperiod})`,
        user.uuid,
      );
    },

    async createdAndCancelled(user: AuthUser, body: { uuid: string; dayperiod: number }) {
      assertOwnUuid(user, body.uuid);
      return list(sql`g.creator_id = ${user.uuid} and g.created_at >= now() - make_interval(days => ${body.dayperiod})`, user.uuid);
    },

    /** Players by net winnings after fees over Bangkok days (at most 31), usernames masked. */
    async ranking(body: { startdate: string; enddate: string; game_type: GameType }) {
      const days = (Date.parse(body.enddate) - Date.parse(body.startdate)) / 86_400_000;
      if (!Number.isFinite(days) || days < 0) throw msgError(400, "วันที่เริ่มต้องไม่หลังวันที่สิ้นสุด");
      if (days > 30) throw msgError(400, "ดูอันดับได้ไม่เกิน 31 วัน");
      const r = await db.execute<Row<"users", "username"> & Computed<{ games: string; net: string }>>(sql`
        with sides as (
          select creator_id as user_id, case when winner_id = creator_id then payout - price else -price end as net from games g
          where g.status = 'done' and g.type = ${body.game_type} and (g.ended_at at time zone 'Asia/Bangkok')::date between ${body.startdate}::date and ${body.enddate}::date
          union all
          select challenger_id, case when winner_id = challenger_id then payout - price else -price end from games g
          where g.status = 'done' and g.type = ${body.game_type} and (g.ended_at at time zone 'Asia/Bangkok')::date between ${body.startdate}::date and ${body.enddate}::date
        )
        select u.username, count(*) as games, sum(s.net) as net from sides s join users u on u.id = s.user_id
        group by u.username order by sum(s.net) desc, u.username limit 100`);
      return r.rows;
    },

    async saveConfig(admin: AuthUser, config: GameConfig) {
      return db.transaction(async (tx) => {
        const before = await readGameConfig(tx);
        await writeGameConfig(tx, config);
        await writeAudit(tx, { actorId: admin.uuid, action: "games.config", target: "site_config:games", before, after: config });
        return config;
      });
    },

    /** One player's games for the operator: `mine` says the player created it (the hidden choice of an open game stays hidden). */
    async playerGames(admin: AuthUser, body: { uuid: string; dayperiod: number }) {
      const r = await db.execute<GameRow>(sql`
        select ${COLUMNS} from games g join users u on u.id = g.creator_id
        where (g.creator_id = ${body.uuid} or g.challenger_id = ${body.uuid}) and g.created_at >= now() - make_interval(days => ${body.dayperiod})
        order by g.id desc limit 500`);
      return r.rows.map((g) => ({ ...gameView(g, admin.uuid), mine: g.creator_id === body.uuid }));
    },

    async adminSummary(admin: AuthUser, days: number) {
      const config = await readGameConfig(db);
      const [open, recent, totals] = await Promise.all([
        list(sql`g.status = 'open'`, admin.uuid),
        list(sql`g.status <> 'open' and g.ended_at >= now() - make_interval(days => ${days})`, admin.uuid),
        db.execute<Computed<{ fees: string; escrow: string }>>(sql`
          select (select coalesce(sum(fee), 0) from games where status = 'done' and ended_at >= now() - make_interval(days => ${days})) as fees,
                 (select coalesce(sum(balance), 0) from accounts where owner_id is null and kind = 'house:game_escrow') as escrow`),
      ]);
      return { open, recent, fees: BigInt(totals.rows[0]!.fees), escrow: BigInt(totals.rows[0]!.escrow), config };
    },
  };
}
