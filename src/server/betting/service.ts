import { sql } from "drizzle-orm";
import type { z } from "zod";
import { betting } from "../../contract";
import { BET_TYPE_LABELS } from "../../domain/bet-types";
import { distinctPermutations } from "../../domain/permutations";
import { formatFigure } from "../../domain/money";
import { restrictedList, restrictedListProblem } from "../../domain/restricted-numbers";
import { exposureNumber, validateBetLine } from "../../domain/slip";
import { writeAudit } from "../admin/audit";
import { batcher } from "../db/batcher";
import type { Db } from "../db/client";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../http/errors";
import { parseRefusal, refusalError } from "../http/refusals";
import { requestHash } from "../http/idempotency";
import { pgError } from "../db/errors";
import type { AuthUser } from "../http/register-route";
import { HOUSE, houseShard, logMovements, playerAccountId, playerBalance, transfer } from "../wallet/ledger";
import { countReason, hotCounts } from "../metrics/counters";
import { assertCommissionWithinEdge } from "../referral/edge";
import { DEFAULT_USER_TYPE } from "./rates";
import * as repository from "./repository";
import type { SlipWithLines } from "./views";

type PlaceBody = z.output<typeof betting.postNumberDigit.body>;

/** A slip placed, or made before by the same request: its id, when it was accepted, and the credit after. */
export interface PlacedSlip {
  existing: boolean;
  slipId: string;
  acceptedAt: Date | string;
  balance: bigint | string;
}

const BetLines = betting.BetLine.array().min(1).max(300);

const MAX_DRAFTS = 50;
const RETRYABLE = new Set(["40P01", "40001"]);

function requestKeyOf(body: PlaceBody): string {
  return requestHash({ a: body.activityid, d: body.datetime ?? null, n: body.numberlist });
}

/** A transaction the database aborted to break a deadlock is run again (it changed nothing). */
async function retrying<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      const code = pgError(e).code;
      if (i >= attempts || !code || !RETRYABLE.has(code)) throw e;
    }
  }
}

/** At most this many slips go in one call: each has its own subtransaction, and PostgreSQL tracks up to 64 per transaction cheaply. */
const SLIP_BATCH_MAX = 48;

/** The repository functions the service uses: the area's repository.ts, or plain objects in a test. */
export type BettingData = typeof repository;

const priceKey = (betType: string, number: string) => `${betType}_${number}`;

/** The restricted numbers in force by `{betType}_{number}`. */
const priceMap = (rows: repository.InForcePriceRow[]) => new Map(rows.map((r) => [priceKey(r.bet_type, r.number), r.new_price_x100]));

export function bettingService(db: Db, repo: BettingData = repository) {
  /** A round whose restricted numbers may still change: it exists and takes bets (or will). */
  async function openRoundForPrices(roundId: number) {
    const round = await repo.roundForPrices(db, roundId);
    if (!round) throw notFound("ไม่พบงวดนี้");
    if (round.status !== "open") throw conflict("งวดนี้ปิดรับแทงแล้ว ตั้งเลขอั้นไม่ได้");
    return round;
  }

  /** The lowest rate (×100) any tier has for a bet type of a lottery: a restricted price must be below it. */
  async function lowestRate(lotteryId: string, betType: string): Promise<number> {
    const rates = (await repo.allRates(db, lotteryId)).filter((r) => r.bet_type === betType).map((r) => r.rate_x100);
    if (rates.length === 0) throw badRequest("หวยนี้ไม่รับแทงประเภทนี้");
    return Math.min(...rates);
  }

  /**
   * Slips placed together (docs/decisions/010): while two calls are in flight, the slips that arrive
   * wait and go together in the next call. Every lock is taken in one order first, so the two calls
   * never deadlock each other; a call the database aborts anyway (another kind of transaction) is
   * run again, as it changed nothing.
   */
  const placeTogether = batcher<null, repository.SlipToPlace, repository.SlipOutcome>({
    max: SLIP_BATCH_MAX,
    concurrency: 2,
    run: async (_, slips) => {
      const placeAll = (some: repository.SlipToPlace[]) => retrying(() => repo.placeSlips(db, DEFAULT_USER_TYPE, some));
      let outcomes: Array<repository.SlipOutcome | Error>;
      try {
        outcomes = await placeAll(slips);
      } catch (e) {
        // A call refused whole for something one slip carries: each slip alone, so only that one fails.
        if (slips.length === 1 || RETRYABLE.has(pgError(e).code ?? "")) throw e;
        outcomes = await Promise.all(
          slips.map((s) =>
            placeAll([s]).then(
              (r) => r[0]!,
              (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
            ),
          ),
        );
      }
      // One log line per batch: each new slip's request and stake movement.
      logMovements(
        () => ({
          kind: "stake",
          slips: outcomes.flatMap((o, i) =>
            o instanceof Error || o.slip_id === null || o.existing
              ? []
              : [{ reqId: slips[i]!.requestId, slip: Number(o.slip_id), ledgerTx: Number(o.transaction_id) }],
          ),
        }),
        "slips placed: ledger movements written",
      );
      return outcomes;
    },
  });

  function own(user: AuthUser, uuid: string) {
    if (uuid !== user.uuid) throw forbidden();
  }

  async function slipsWithLines(rows: repository.SlipRow[]): Promise<SlipWithLines[]> {
    const bySlip = new Map<string, repository.LineRow[]>();
    for (const l of await repo.linesOf(
      db,
      rows.map((r) => Number(r.id)),
    )) {
      const list = bySlip.get(l.slip_id) ?? [];
      list.push(l);
      bySlip.set(l.slip_id, list);
    }
    return rows.map((slip) => ({ slip, lines: bySlip.get(slip.id) ?? [] }));
  }

  return {
    async lottoConfig(user: AuthUser, roundId: number) {
      const lotteryId = await repo.roundLottery(db, roundId);
      if (!lotteryId) throw notFound("ไม่พบงวดนี้");
      return repo.ratesFor(db, lotteryId, user.userType, DEFAULT_USER_TYPE);
    },

    latestDigitPrices: (roundId: number) => repo.latestPrices(db, roundId),

    allDigitPrices: (roundId: number) => repo.allPrices(db, roundId),

    async addDigitPrice(admin: AuthUser, body: z.output<typeof betting.adminAddDigitPrice.body>) {
      const lottery = await repo.roundLottery(db, body.activity_id);
      if (!lottery) throw notFound("ไม่พบงวดนี้");
      const problem = validateBetLine(
        { betType: body.award_type, number: body.number, stakeBaht: 1 },
        { minStakeBaht: 1, maxStakeBaht: 1 },
      );
      if (problem) throw badRequest(problem);
      const priceX100 = Math.round(body.new_price * 100);
      await db.transaction(async (tx) => {
        if (priceX100 > 0) {
          await assertCommissionWithinEdge(tx, {
            payout: { lotteryId: lottery, betType: body.award_type, rateX100: priceX100 },
            prefix: "อัตราจ่ายเลขนี้สูงเกินไปสำหรับค่าคอมแนะนำเพื่อน: ",
          });
        }
        await repo.addPrice(tx, {
          roundId: body.activity_id,
          betType: body.award_type,
          number: exposureNumber(body.award_type, body.number),
          priceX100,
          adminId: admin.uuid,
        });
        await writeAudit(tx, { actorId: admin.uuid, action: "digit-price.add", target: `round:${body.activity_id}`, after: body });
      });
      return { closed: priceX100 === 0, prices: await repo.allPrices(db, body.activity_id) };
    },

    /**
     * A pasted list of restricted numbers of one bet type (docs/decisions/050): all closed, all at one price
     * lower than every tier's rate, or all reopened at the normal rate. A list with any piece that is not a
     * number of the bet type's width is refused whole; repeats are merged. Only numbers whose price
     * changes get a record; the save and its audit row are one transaction.
     */
    async saveDigitPriceList(admin: AuthUser, body: z.output<typeof betting.adminSaveDigitPriceList.body>) {
      const round = await openRoundForPrices(body.activity_id);
      const list = restrictedList(body.numbers, body.award_type);
      const problem = restrictedListProblem(list, body.award_type);
      if (problem) throw badRequest(problem);
      let priceX100: number | null = body.mode === "closed" ? 0 : null;
      if (body.mode === "price") {
        if (body.new_price === undefined) throw badRequest("กรุณากรอกอัตราจ่ายของเลขอั้น");
        priceX100 = Math.round(body.new_price * 100);
        const normal = await lowestRate(round.lottery_id, body.award_type);
        // Lower than every tier's rate, so the edge left for referral commission only grows (referral/edge.ts).
        if (priceX100 <= 0 || priceX100 >= normal) {
          throw badRequest(`อัตราจ่ายเลขอั้นต้องมากกว่า 0 และต่ำกว่าอัตราจ่ายปกติ (×${formatFigure(normal / 100)})`);
        }
      }
      return db.transaction(async (tx) => {
        await repo.lockRoundPrices(tx, body.activity_id);
        const now = priceMap(await repo.latestPrices(tx, body.activity_id));
        const changed = list.numbers.filter((n) => (now.get(priceKey(body.award_type, n)) ?? null) !== priceX100);
        await repo.addPrices(tx, {
          roundId: body.activity_id,
          betTypes: changed.map(() => body.award_type),
          numbers: changed,
          pricesX100: changed.map(() => priceX100),
          adminId: admin.uuid,
        });
        if (changed.length > 0) {
          await writeAudit(tx, {
            actorId: admin.uuid,
            action: "digit-price.list",
            target: `round:${body.activity_id}`,
            before: Object.fromEntries(changed.map((n) => [n, now.get(priceKey(body.award_type, n)) ?? null])),
            after: { award_type: body.award_type, mode: body.mode, price_x100: priceX100, numbers: changed },
          });
        }
        return {
          saved: changed.length,
          unchanged: list.numbers.length - changed.length,
          prices: await repo.latestPrices(tx, body.activity_id),
        };
      });
    },

    /**
     * Copies the restricted numbers in force at the lottery's previous draw to this round (docs/decisions/050):
     * each number gets the previous draw's price unless it has it already; a price no longer lower than
     * every tier's rate (the rates changed since) is left out and counted.
     */
    async copyDigitPrices(admin: AuthUser, roundId: number) {
      const round = await openRoundForPrices(roundId);
      const from = await repo.previousRound(db, round);
      if (from === null) throw notFound("ไม่พบงวดก่อนหน้าของหวยนี้");
      const previous = await repo.latestPrices(db, from);
      if (previous.length === 0) throw conflict("งวดก่อนหน้าไม่มีเลขอั้นให้คัดลอก");
      const lowest = new Map<string, number>();
      for (const r of await repo.allRates(db, round.lottery_id)) {
        lowest.set(r.bet_type, Math.min(lowest.get(r.bet_type) ?? Infinity, r.rate_x100));
      }
      const copyable = previous.filter((p) => p.new_price_x100 < (lowest.get(p.bet_type) ?? 0));
      return db.transaction(async (tx) => {
        await repo.lockRoundPrices(tx, roundId);
        const now = priceMap(await repo.latestPrices(tx, roundId));
        const changed = copyable.filter((p) => now.get(priceKey(p.bet_type, p.number)) !== p.new_price_x100);
        await repo.addPrices(tx, {
          roundId,
          betTypes: changed.map((p) => p.bet_type),
          numbers: changed.map((p) => p.number),
          pricesX100: changed.map((p) => p.new_price_x100),
          adminId: admin.uuid,
        });
        if (changed.length > 0) {
          await writeAudit(tx, {
            actorId: admin.uuid,
            action: "digit-price.copy",
            target: `round:${roundId}`,
            before: Object.fromEntries(
              changed.map((p) => [priceKey(p.bet_type, p.number), now.get(priceKey(p.bet_type, p.number)) ?? null]),
            ),
            after: { from_round: from, prices: Object.fromEntries(changed.map((p) => [priceKey(p.bet_type, p.number), p.new_price_x100])) },
          });
        }
        return {
          from,
          saved: changed.length,
          unchanged: copyable.length - changed.length,
          skipped: previous.length - copyable.length,
          prices: await repo.latestPrices(tx, roundId),
        };
      });
    },

    /**
     * Places a slip in one transaction: the round must be open by the database's clock at the moment
     * of acceptance, every line is checked and priced, each number's exposure limit is kept with a
     * guarded add, and the total is debited with a guarded statement. A resubmission is answered with
     * the slip it already made.
     */
    async placeSlip(user: AuthUser, body: PlaceBody): Promise<PlacedSlip> {
      if (body.uuid !== user.uuid) countReason(hotCounts.slipsRefused, "not_own");
      own(user, body.uuid);
      const requestKey = requestKeyOf(body);
      // The digits of each line are checked here; limits, rates, prices, exposure and the debit are
      // checked and applied by place_slip in the database (docs/decisions/008, 010).
      for (const l of body.numberlist) {
        const problem = validateBetLine(
          { betType: l.award_type, number: l.number, stakeBaht: l.amount },
          { minStakeBaht: 1, maxStakeBaht: 1_000_000 },
        );
        if (problem) {
          countReason(hotCounts.slipsRefused, "invalid_line");
          throw badRequest(`${problem} (${BET_TYPE_LABELS[l.award_type]} ${l.number})`);
        }
      }
      const lines = body.numberlist;
      let outcome: repository.SlipOutcome;
      try {
        outcome = await placeTogether(null, {
          requestId: user.requestId,
          userId: user.uuid,
          roundId: body.activityid,
          userType: user.userType,
          requestKey,
          clientDatetime: body.datetime,
          types: lines.map((l) => l.award_type),
          numbers: lines.map((l) => l.number),
          stakes: lines.map((l) => BigInt(l.amount * 100)),
        });
      } catch (e) {
        countReason(hotCounts.slipsRefused, "error");
        throw e;
      }
      if (outcome.slip_id !== null) {
        if (!outcome.existing) hotCounts.slipsPlaced += 1;
        return {
          existing: Boolean(outcome.existing),
          slipId: outcome.slip_id,
          acceptedAt: outcome.accepted_at!,
          balance: outcome.balance!,
        };
      }
      const refusal = outcome.refusal;
      if (refusal?.kind === "twin") {
        // The same slip sent twice at once through two instances: the first one made it, the second
        // answers with it.
        const made = await repo.slipByRequestKey(db, user.uuid, requestKey);
        if (made) {
          const balance = await playerBalance(db, user.uuid);
          return { existing: true, slipId: made.id, acceptedAt: made.created_at, balance };
        }
      } else if (refusal && refusal.kind !== "error") {
        countReason(hotCounts.slipsRefused, refusal.kind);
        throw refusalError(parseRefusal(refusal));
      }
      countReason(hotCounts.slipsRefused, "error");
      throw new Error(`slip not placed: ${JSON.stringify(refusal)}`);
    },

    /** The owner cancels while the round is open: the stake comes back and the exposure is released. */
    async cancelSlip(user: AuthUser, body: z.output<typeof betting.cancelSlip.body>): Promise<bigint> {
      own(user, body.uuid);
      const accountId = await playerAccountId(db, user.uuid);
      return db.transaction(async (tx) => {
        const slip = await repo.lockSlip(tx, body.master_id);
        if (!slip) throw notFound("ไม่พบโพยนี้");
        if (slip.user_id !== user.uuid) throw forbidden();
        if (Number(slip.round_id) !== body.activityid) throw badRequest("โพยนี้ไม่ได้อยู่ในงวดที่ระบุ");
        if (slip.status !== "active") throw conflict("โพยนี้ถูกยกเลิกหรือคืนแล้ว");
        if (!slip.open) throw conflict("งวดนี้ปิดรับแทงแล้ว ยกเลิกโพยไม่ได้");
        await repo.releaseExposure(tx, body.master_id);
        await repo.endSlip(tx, body.master_id, "cancel activity");
        const moved = await transfer(tx, {
          kind: "stake.refund",
          from: houseShard(HOUSE.stakes, accountId),
          to: { player: accountId },
          amount: BigInt(slip.total_paid),
          reference: `slip:${body.master_id}`,
          actorId: user.uuid,
          requestId: user.requestId,
          note: "ยกเลิกโพยโดยผู้เล่น",
        });
        return moved.balances.get(accountId)!;
      });
    },

    async cancelLog(user: AuthUser, uuid: string, days: number) {
      own(user, uuid);
      const rows = await repo.slipsWhere(
        db,
        sql`s.user_id = ${user.uuid} and s.status = 'cancel activity' and s.ended_at >= now() - make_interval(days => ${days})`,
      );
      return slipsWithLines(rows);
    },

    async slipsOfRound(user: AuthUser, roundId: number, uuid: string) {
      if (user.role !== "admin") own(user, uuid);
      const rows = await repo.slipsWhere(db, sql`s.round_id = ${roundId} and s.user_id = ${uuid}`);
      return slipsWithLines(rows);
    },

    linesOfRound(user: AuthUser, roundId: number) {
      return repo.roundLines(db, roundId, user.role === "admin" ? null : user.uuid);
    },

    async slipDetail(user: AuthUser, slipId: number) {
      const [row] = await repo.slipsWhere(db, sql`s.id = ${slipId}`, 1);
      if (!row) throw notFound("ไม่พบโพยนี้");
      if (row.user_id !== user.uuid && user.role !== "admin") throw forbidden();
      const [slip] = await slipsWithLines([row]);
      return slip!;
    },

    sums: (user: AuthUser, roundId: number) => repo.stakeSums(db, roundId, user.role === "admin" ? null : user.uuid),

    async recentSlips(user: AuthUser, days: number) {
      const rows = await repo.slipsWhere(db, sql`s.user_id = ${user.uuid} and s.created_at >= now() - make_interval(days => ${days})`);
      return slipsWithLines(rows);
    },

    toadList: (threeDigit: string) => distinctPermutations(threeDigit),

    async addDraft(user: AuthUser, uuid: string, text: string): Promise<number> {
      own(user, uuid);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest("ชุดเลขต้องเป็นรายการเลขที่ถูกต้อง");
      }
      const lines = BetLines.safeParse(parsed);
      if (!lines.success) throw badRequest("ชุดเลขต้องเป็นรายการเลขที่ถูกต้อง");
      if ((await repo.draftCount(db, user.uuid)) >= MAX_DRAFTS) throw badRequest(`บันทึกชุดเลขได้ไม่เกิน ${MAX_DRAFTS} ชุด กรุณาลบชุดเก่าก่อน`);
      return repo.insertDraft(db, user.uuid, text);
    },

    async removeDraft(user: AuthUser, id: number) {
      const done = await repo.deleteDraft(db, user.uuid, id);
      if (done === "missing") throw notFound("ไม่พบชุดเลขนี้");
      if (done === "foreign") throw forbidden();
    },

    async drafts(user: AuthUser, uuid: string) {
      own(user, uuid);
      return repo.draftsOf(db, user.uuid);
    },

    adminRates: (lotteryId: string) => repo.allRates(db, lotteryId),

    async updateRate(admin: AuthUser, body: z.output<typeof betting.adminUpdateLottoConfig.body>) {
      if (body.maxStake < body.minStake) throw badRequest("สูงสุดต้องไม่น้อยกว่าขั้นต่ำ");
      if (body.maxPerNumber < body.maxStake) throw badRequest("เพดานต่อเลขต้องไม่น้อยกว่ายอดแทงสูงสุด");
      const rateX100 = Math.round(body.rate * 100);
      if (Math.abs(rateX100 - body.rate * 100) > 1e-6) throw badRequest("อัตราจ่ายมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง");
      if (!(await repo.lotteryExists(db, body.configID))) throw new ApiError(404, "ไม่พบหวยนี้");
      await db.transaction(async (tx) => {
        const before =
          (await repo.allRates(tx, body.configID)).find((r) => r.bet_type === body.betType && r.user_type === body.userType) ?? null;
        await repo.upsertRate(tx, body.configID, {
          bet_type: body.betType,
          user_type: body.userType,
          rate_x100: rateX100,
          min_stake: body.minStake,
          max_stake: body.maxStake,
          max_per_number: body.maxPerNumber,
          discount_percent: body.discountPercent,
        });
        await assertCommissionWithinEdge(tx, {
          payout: { lotteryId: body.configID, betType: body.betType, rateX100, discountPercent: body.discountPercent },
          prefix: "อัตราจ่ายหรือส่วนลดนี้สูงเกินไปสำหรับค่าคอมแนะนำเพื่อน: ",
        });
        await writeAudit(tx, { actorId: admin.uuid, action: "rates.update", target: `lottery:${body.configID}`, before, after: body });
      });
    },
  };
}

export type BettingService = ReturnType<typeof bettingService>;
