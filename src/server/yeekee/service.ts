import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { awardLines, winningNumbers, winningPairs } from "../../domain/results";
import { formatThaiDateTime } from "../../domain/thai-date";
import { GENESIS_HASH, yeekeeOffset, yeekeeResult } from "../../domain/yeekee";
import { batcher } from "../db/batcher";
import { countReason, hotCounts } from "../metrics/counters";
import type { Db, Tx } from "../db/client";
import { isYeekeeGroup, YEEKEE_GROUPS } from "../../contract/lottery";
import { forbidden, notFound } from "../http/errors";
import { parseRefusal, refusalError, refusalOf } from "../http/refusals";
import type { AuthUser } from "../http/register-route";
import { decideRound, voidRound } from "../lottery/rounds";
import { refundRound, settleRound, writeWinningPairs } from "../settlement/settle";
import { HOUSE, houseShard, lockAccounts, playerAccountId, transfer } from "../wallet/ledger";
import { minShotsAt, readYeekeeConfig } from "./config";
import type { Col, Computed, Narrow, Row } from "../db/rows";
import { mask } from "./views";

export const YEEKEE_CHANNEL = "yeekee_shots";

/**
 * The pseudonym a player shoots under in one round: public in the chain, keyed with a server secret so
 * nobody who knows a player's uuid can find their shots, nor link them across rounds.
 */
export function shooterOf(secret: string, userId: string, roundId: number): string {
  return createHmac("sha256", secret).update(`shooter:${roundId}:${userId}`).digest("hex").slice(0, 16);
}

/** A #1 or #16 shooter's reward row. */
export type LuckyRow = Row<"yeekee_rewards", "round_id" | "position" | "number" | "amount" | "paid" | "created_at"> &
  Row<"users", "username">;

type ShotRow = {
  round_id: string;
  seq: number;
  user_id: string;
  username: string;
  number: string;
  at: string;
  hash: string;
  close_at: Date;
  lottery_id: string;
};

/** A bounded per-instance cache (emptied when full): the hot path lists the same shooters and rounds over and over. */
function boundedCache<V>(limit: number): (key: string, make: () => V) => V {
  const values = new Map<string, V>();
  return (key, make) => {
    let v = values.get(key);
    if (v === undefined) {
      if (values.size >= limit) values.clear();
      v = make();
      values.set(key, v);
    }
    return v;
  };
}

/** A round's close time as a record shows it (ISO and Thai). */
const closeTimesCache = boundedCache<{ timestop: string; dateTimeStop: string }>(1000);
const closeTimes = (closeAt: Date | string) => {
  const at = new Date(closeAt);
  return closeTimesCache(String(at.getTime()), () => ({ timestop: at.toISOString(), dateTimeStop: formatThaiDateTime(at) }));
};

function recordView(pseudonym: (userId: string, roundId: number) => string, r: ShotRow, viewer: AuthUser | null) {
  const own = viewer?.uuid === r.user_id;
  return {
    uuid: own || viewer?.role === "admin" ? r.user_id : "",
    username: own || viewer?.role === "admin" ? r.username : mask(r.username),
    shooter: pseudonym(r.user_id, Number(r.round_id)),
    activityid: Number(r.round_id),
    number: r.number,
    seq: r.seq,
    at: r.at,
    hash: r.hash,
    ...closeTimes(r.close_at),
    activitytype: r.lottery_id,
  };
}

async function shotsOf(db: Db | Tx, roundId: number, after = 0, withFirstSeq = false): Promise<Array<ShotRow & { first_seq?: number }>> {
  // The shooter's first shot: one probe of yeekee_shots_user_idx (round, user, seq) per shot.
  const first = withFirstSeq
    ? sql`, (select min(f.seq) from yeekee_shots f where f.round_id = s.round_id and f.user_id = s.user_id) as first_seq`
    : sql``;
  const r = await db.execute<ShotRow & { first_seq?: number }>(sql`
    select s.round_id, s.seq, s.user_id, u.username, s.number, s.at, s.hash, r.close_at, r.lottery_id${first}
    from yeekee_shots s join users u on u.id = s.user_id join rounds r on r.id = s.round_id
    where s.round_id = ${roundId} and s.seq > ${after} order by s.seq`);
  return r.rows;
}

/**
 * Why a cancelled round was cancelled, for the round's check: the ticker's `void` event (too few shots
 * for the operator's minimum) or the operator's `cancel` (its note stays in the back office).
 */
function cancelReason(
  status: string,
  event: { event: string; data: { shots?: number; minShots?: number } | null } | null,
  shots: number,
): { reason: "minShots"; shots: number; minShots: number | null } | { reason: "operator" } | null {
  if (status !== "cancel activity") return null;
  if (event?.event === "void") return { reason: "minShots", shots: event.data?.shots ?? shots, minShots: event.data?.minShots ?? null };
  return { reason: "operator" };
}

type Shot = { user: AuthUser; number: string };
type Appended = { seq: number; at: string; hash: string; closeAt: Date; lotteryId: string };

const BATCH_MAX = 500;

export function yeekeeService(db: Db, shooterSecret: string) {
  const pseudonyms = boundedCache<string>(20_000);
  const pseudonym = (userId: string, roundId: number) =>
    pseudonyms(`${roundId}/${userId}`, () => shooterOf(shooterSecret, userId, roundId));

  /**
   * Shots of a round wait while a batch of the same round is being appended, then go together in the
   * next one: one chain lock and one commit for many shots, each still checked and hashed in order.
   */
  const appendShot = batcher<number, Shot, Appended>({
    max: BATCH_MAX,
    concurrency: 1,
    run: async (roundId, batch) => {
      try {
        const r = await db.execute<{
          idx: number;
          seq: number | null;
          at: string | null;
          hash: string | null;
          refusal: unknown;
          round_close_at: Date;
          round_lottery: string;
        }>(sql`
          select * from yeekee_shoot_batch(${roundId}::bigint,
            ${sql.param(batch.map((b) => b.user.uuid))}::uuid[], ${sql.param(batch.map((b) => pseudonym(b.user.uuid, roundId)))}::text[],
            ${sql.param(batch.map((b) => b.number))}::text[])`);
        const answers: Array<Appended | Error> = [];
        let accepted = 0;
        for (const row of r.rows) {
          if (row.refusal) {
            const refusal = parseRefusal(row.refusal);
            countReason(hotCounts.shotsRefused, refusal.kind);
            answers[row.idx - 1] = refusalError(refusal);
          } else {
            accepted += 1;
            answers[row.idx - 1] = {
              seq: row.seq!,
              at: row.at!,
              hash: row.hash!,
              closeAt: row.round_close_at,
              lotteryId: row.round_lottery,
            };
          }
        }
        hotCounts.shotsAccepted += accepted;
        return answers;
      } catch (e) {
        const refusal = refusalOf(e);
        // The whole batch refused (e.g. the round is not a yeekee round): each of its shots is.
        countReason(hotCounts.shotsRefused, refusal?.kind ?? "error", batch.length);
        throw refusal ? refusalError(refusal) : e;
      }
    },
  });

  return {
    /**
     * Records a shot: the round's chain row is locked, so shots of a round are numbered and hashed one
     * after another in receive order; the hash covers the previous hash, so nobody can add, drop or
     * reorder shots afterwards without changing the published head.
     */
    async shoot(user: AuthUser, body: { uuid: string; activityid: number; number: string }) {
      if (body.uuid !== user.uuid) throw forbidden();
      // The site never shoots: results come only from players.
      if (user.role !== "player") throw forbidden("ผู้ดูแลระบบยิงเลขไม่ได้");
      const shot = await appendShot(body.activityid, { user, number: body.number });
      const record = recordView(
        pseudonym,
        {
          round_id: String(body.activityid),
          seq: shot.seq,
          user_id: user.uuid,
          username: user.username,
          number: body.number,
          at: shot.at,
          hash: shot.hash,
          close_at: shot.closeAt,
          lottery_id: shot.lotteryId,
        },
        user,
      );
      return { record, head: shot.hash, count: shot.seq };
    },

    /** The shots after `after`, as listed (no round or chain read: the live feed's hot path). */
    async shotsAfter(viewer: AuthUser | null, roundId: number, after: number) {
      return (await shotsOf(db, roundId, after)).map((r) => recordView(pseudonym, r, viewer));
    },

    /**
     * The shots after `after` as a watcher sees them, each with the seq of its shooter's first shot in the
     * round: the live frame names a shooter once and refers back to it after (docs/decisions/064).
     */
    async liveShotsAfter(roundId: number, after: number) {
      return (await shotsOf(db, roundId, after, true)).map((r) => ({ ...recordView(pseudonym, r, null), firstSeq: r.first_seq ?? r.seq }));
    },

    async shots(viewer: AuthUser | null, roundId: number, after = 0) {
      // The seed is asked for only once the result time has passed (an earlier request is refused and
      // logged as a possible leak); the offset is the one the result was decided with.
      const round = (
        await db.execute<
          Narrow<Row<"rounds", "result_at" | "result" | "status">, { result: { yeekee?: { offset?: number } } | null }> & {
            // Left joins: null before the round has a seed or a shot.
            commitment: Col<"yeekee_seeds", "commitment"> | null;
            seq: Col<"yeekee_chains", "seq"> | null;
            head: Col<"yeekee_chains", "head"> | null;
          } & Computed<{ seed: string | null; cancel_event: { event: string; data: { shots?: number; minShots?: number } | null } | null }>
        >(sql`
          select r.result_at, r.result, s.commitment, c.seq, c.head, r.status,
            case when r.result_at <= clock_timestamp() and s.round_id is not null then yeekee_round_seed(r.id) end as seed,
            case when r.status = 'cancel activity' then (
              select json_build_object('event', e.event, 'data', e.data) from round_events e
              where e.round_id = r.id and e.event in ('void', 'cancel') order by e.id desc limit 1) end as cancel_event
          from rounds r left join yeekee_seeds s on s.round_id = r.id left join yeekee_chains c on c.round_id = r.id
          where r.id = ${roundId}`)
      ).rows[0];
      if (!round) throw notFound("ไม่พบงวดนี้");
      const recordlist = await this.shotsAfter(viewer, roundId, after);
      return {
        recordlist,
        head: round.head ?? GENESIS_HASH,
        count: round.seq ?? 0,
        shootUntil: new Date(round.result_at).toISOString(),
        seedCommitment: round.commitment,
        seed: round.seed,
        offset: round.result?.yeekee?.offset ?? null,
        minShots: (await readYeekeeConfig(db)).minShots,
        cancelled: cancelReason(round.status, round.cancel_event, round.seq ?? 0),
      };
    },

    /**
     * The #1 and #16 shooters: a player's own in the last `dayperiod` days (`{uuid, dayperiod}`, as the
     * specification asks; another player's uuid is refused), a round's (`{activityid}`), or the latest 100.
     */
    async lucky(user: AuthUser, body: { activityid?: number; uuid?: string; dayperiod?: number }) {
      if (body.uuid !== undefined && body.uuid !== user.uuid) throw forbidden();
      const where = body.uuid
        ? sql`where y.user_id = ${user.uuid} and y.created_at >= now() - make_interval(days => ${body.dayperiod ?? 1})`
        : body.activityid
          ? sql`where y.round_id = ${body.activityid}`
          : sql``;
      const r = await db.execute<LuckyRow>(sql`
        select y.round_id, y.position, u.username, y.number, y.amount, y.paid, y.created_at
        from yeekee_rewards y join users u on u.id = y.user_id
        ${where}
        order by y.round_id desc, y.position limit 100`);
      return r.rows;
    },
  };
}

/**
 * When shooting ends (the round's result time), the result is computed from the shots by the rule
 * of src/domain/yeekee.ts, written with its award lines, the #1 and #16 shooters are rewarded if they
 * staked enough, and the round is settled. Every round gets a result however few its shots (none: R is
 * the seed's offset); only an operator's minimum (`minShots`, default 0) makes a round with fewer
 * shots void, and then every slip returns (docs/decisions/034).
 * The round row is locked and its status guards the step, so it happens once across instances.
 */
export async function finishYeekeeRound(db: Db, roundId: number): Promise<"result" | "void" | "skipped"> {
  const config = await readYeekeeConfig(db);
  const outcome = await db.transaction(async (tx) => {
    const round = (
      await tx.execute<Row<"rounds", "status" | "result_at"> & Row<"lotteries", "group"> & Computed<{ due: boolean }>>(sql`
      select r.status, (r.result_at <= clock_timestamp()) as due, l."group", r.result_at
      from rounds r join lotteries l on l.id = r.lottery_id where r.id = ${roundId} for update of r`)
    ).rows[0];
    if (!round || !round.due || !["open", "closed"].includes(round.status) || !isYeekeeGroup(round.group)) return "skipped" as const;
    // The chain row too: a shot still being written finishes first, and any later one is past the
    // end of shooting and refused, so the result covers exactly the recorded shots.
    await tx.execute(sql`select 1 from yeekee_chains where round_id = ${roundId} for update`);
    const shots = await shotsOf(tx, roundId);
    const head = shots.at(-1)?.hash ?? GENESIS_HASH;
    // The sealed seed, revealed now that shooting is over (docs/decisions/012): without it the last
    // shooter could choose R, so a round without one is not decided.
    const sealed = (
      await tx.execute<{ commitment: Col<"yeekee_seeds", "commitment"> | null } & Computed<{ seed: string | null }>>(sql`
        select yeekee_round_seed(${roundId}) as seed, (select commitment from yeekee_seeds where round_id = ${roundId}) as commitment`)
    ).rows[0]!;
    if (sealed.seed === null || sealed.commitment === null) throw new Error(`yeekee round ${roundId} has no seed to reveal`);
    const seal = { seed: sealed.seed, commitment: sealed.commitment };
    const offset = yeekeeOffset(seal.seed, head);
    // The minimum as it stood at the result time, not as saved since (docs/decisions/034).
    const minShots = await minShotsAt(tx, new Date(round.result_at));
    const computed = yeekeeResult(
      shots.map((s) => s.number),
      minShots,
      offset,
    );
    if (computed.void) {
      // The round's state changes in one place (the lottery's rounds.ts): cancelled, as an operator's cancel.
      // The minimum is kept with the event: the round's check tells players why it was void.
      const voided = await voidRound(tx, roundId, {
        note: `ยิงเลข ${computed.shots} เลข น้อยกว่าขั้นต่ำ ${minShots} เลขที่ผู้ดูแลกำหนด`,
        data: { shots: computed.shots, minShots, head, ...seal },
      });
      if (!voided) throw new Error(`yeekee round ${roundId} could not be voided`);
      return "void" as const;
    }
    const input = { kind: "simple" as const, threeTop: computed.top3, twoBottom: computed.bottom2 };
    const winning = winningNumbers(input);
    const lines = [
      ...awardLines(winning),
      { award_type: "Predicttotal", number: computed.sum.toString() },
      // A round with no shot has no #1 (nor #16, #100): only its lines that exist are written.
      ...(computed.oneRecord ? [{ award_type: "OneRecord", number: computed.oneRecord }] : []),
      ...(computed.sixteenRecord ? [{ award_type: "SixteenRecord", number: computed.sixteenRecord }] : []),
      ...(computed.oneHundredRecord ? [{ award_type: "OneHundredRecord", number: computed.oneHundredRecord }] : []),
    ];
    await writeWinningPairs(tx, roundId, winningPairs(winning));
    const decided = {
      result: computed.result,
      sum: computed.sum.toString(),
      sixteenth: computed.sixteenth,
      offset,
      shots: computed.shots,
      head,
      ...seal,
    };
    await decideRound(tx, roundId, { lines, result: { ...input, yeekee: decided }, event: "yeekee.result", data: decided });
    // Both rewards' accounts are locked first, in the ledger's order, before either is paid.
    const rewarded = [shots.at(-1), shots.at(-16)].filter((s) => s !== undefined);
    const accounts = await Promise.all(rewarded.map((s) => playerAccountId(tx, s.user_id)));
    await lockAccounts(
      tx,
      accounts.flatMap((id) => [houseShard(HOUSE.bonus, id), { player: id }]),
    );
    for (const [position, back] of [
      [1, 1],
      [16, 16],
    ] as const) {
      const shot = shots[shots.length - back];
      if (!shot) continue;
      const staked = await tx.execute<Computed<{ total: string }>>(sql`
        select coalesce(sum(total_stake), 0) as total from slips where round_id = ${roundId} and user_id = ${shot.user_id} and status = 'active'`);
      const reward = BigInt(Math.round((position === 1 ? config.rewardOne : config.rewardSixteen) * 100));
      const eligible = BigInt(staked.rows[0]!.total) >= BigInt(Math.round(config.minStakeForReward * 100)) && reward > 0n;
      const inserted = await tx.execute(sql`
        insert into yeekee_rewards (round_id, position, user_id, number, amount, paid)
        values (${roundId}, ${position}, ${shot.user_id}, ${shot.number}, ${eligible ? reward : 0n}, ${eligible})
        on conflict do nothing returning round_id`);
      if (eligible && inserted.rows.length === 1) {
        const accountId = await playerAccountId(tx, shot.user_id);
        await transfer(tx, {
          kind: "yeekee.reward",
          from: houseShard(HOUSE.bonus, accountId),
          to: { player: accountId },
          amount: reward,
          reference: `yeekee:${roundId}:${position}`,
          note: position === 1 ? "รางวัลผู้ยิงลำดับที่ 1" : "รางวัลผู้ยิงลำดับที่ 16",
        });
      }
    }
    return "result" as const;
  });
  if (outcome !== "skipped")
    await db.execute(sql`select pg_notify(${YEEKEE_CHANNEL}, ${JSON.stringify({ round: roundId, result: outcome })})`);
  if (outcome === "result") await settleRound(db, roundId);
  if (outcome === "void") await refundRound(db, roundId);
  return outcome;
}

/** Yeekee rounds whose shooting time is over and that have no result yet (the ticker's step). */
export async function finishDueYeekeeRounds(db: Db, log: (msg: string, err: unknown) => void = () => {}): Promise<number> {
  const due = await db.execute<Row<"rounds", "id">>(sql`
    select r.id from rounds r join lotteries l on l.id = r.lottery_id
    where l."group" = any(${sql.param([...YEEKEE_GROUPS])}::text[]) and r.status in ('open', 'closed') and r.result_at <= now()
    order by r.result_at limit 50`);
  let done = 0;
  for (const r of due.rows) {
    // One round that fails must not hold back the others.
    try {
      if ((await finishYeekeeRound(db, Number(r.id))) !== "skipped") done += 1;
    } catch (err) {
      log(`yeekee round ${r.id} could not be finished`, err);
    }
  }
  return done;
}
