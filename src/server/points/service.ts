import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { points } from "../../contract";
import type { PrivilegeConfig } from "../../contract/points";
import { baht, bahtToSatang, formatMoney, satangToBaht } from "../../domain/money";
import { levelFor, type MemberLevel, nextLevel, POINTS_SCALE, spendOldestFirst } from "../../domain/points";
import { writeAudit } from "../admin/audit";
import { userById } from "../auth/players";
import type { Db, Executor, Tx } from "../db/client";
import { badRequest, notFound } from "../http/errors";
import { once } from "../http/idempotency";
import { assertOwnUuid, type AuthUser } from "../http/register-route";
import { HOUSE, houseShard, playerAccountId, transfer } from "../wallet/ledger";
import { lockLevels, lockPointsOf, vestDue } from "./accrual";
import { readPrivilegeConfig, writePrivilegeConfig } from "./config";

const TODAY = sql`(date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`;
const toPoints = (centi: string | number | bigint) => Number(centi) / POINTS_SCALE;

export type PointsLogRow = { id: string; kind: string; amount: string; source: string; note: string | null; created_at: Date };

/** The usable lots, soonest to expire first, locked. */
async function usableLots(tx: Tx, userId: string) {
  const r = await tx.execute<{ id: string; remaining: string; expires_at: Date }>(sql`
    select id, remaining, expires_at from point_lots where user_id = ${userId} and vested and remaining > 0 and expires_at > now()
    order by expires_at, id for update`);
  return r.rows.map((l) => ({ id: Number(l.id), remaining: Number(l.remaining), expiresAt: new Date(l.expires_at).getTime() }));
}

/** Spends points oldest first; false when the usable lots do not hold them. */
async function spend(tx: Tx, userId: string, centi: number): Promise<boolean> {
  const takes = spendOldestFirst(await usableLots(tx, userId), centi);
  if (!takes) return false;
  await tx.execute(sql`
    update point_lots l set remaining = l.remaining - t.take
    from unnest(${sql.param(takes.map((t) => t.id))}::bigint[], ${sql.param(takes.map((t) => t.take))}::bigint[]) as t(id, take)
    where l.id = t.id`);
  return true;
}

async function balances(db: Executor, userId: string) {
  const r = await db.execute<{ usable: string; pending: string }>(sql`
    select coalesce(sum(remaining) filter (where vested and expires_at > now()), 0) as usable,
           coalesce(sum(remaining) filter (where not vested), 0) as pending
    from point_lots where user_id = ${userId}`);
  return { usable: Number(r.rows[0]!.usable), pending: Number(r.rows[0]!.pending) };
}

/** The player's level now: the latest row, or the first level for a player who has none. */
export async function currentLevel(db: Executor, userId: string, config: PrivilegeConfig) {
  const r = await db.execute<{ level: string; multiplier_x100: number; override: boolean }>(sql`
    select level, multiplier_x100, override from member_levels where user_id = ${userId} order by effective_from desc, id desc limit 1`);
  const row = r.rows[0];
  const first = config.levels[0]!;
  return row ? { name: row.level as MemberLevel, multiplier_x100: row.multiplier_x100, override: row.override } : { name: first.name, multiplier_x100: first.multiplier_x100, override: false };
}

export function pointsService(db: Db) {
  return {
    async log(user: AuthUser, uuid: string) {
      assertOwnUuid(user, uuid);
      await db.transaction(async (tx) => {
        await lockPointsOf(tx, uuid);
        await vestDue(tx, uuid);
      });
      const config = await readPrivilegeConfig(db);
      const [b, level, rows, today] = await Promise.all([
        balances(db, uuid),
        currentLevel(db, uuid, config),
        db.execute<PointsLogRow>(sql`
          select id, kind, amount, source, note, created_at from points_log where user_id = ${uuid} order by id desc limit 300`),
        db.execute<{ deposit: string; stake: string; stake90: string }>(sql`
          select (select coalesce(sum(amount), 0) from points_log where user_id = ${uuid} and kind = 'deposit' and created_at >= ${TODAY}) as deposit,
                 (select coalesce(sum(total_paid), 0) from slips where user_id = ${uuid} and status = 'active' and created_at >= ${TODAY}) as stake,
                 (select coalesce(sum(total_paid), 0) from slips where user_id = ${uuid} and status = 'active' and created_at > now() - interval '90 days') as stake90`),
      ]);
      const t = today.rows[0]!;
      return {
        /** The latest 300 lines of the player's points log, newest first (amounts in hundredths of a point). */
        log: rows.rows,
        /** Hundredths of a point: usable now, and deposit points waiting for their stake. */
        usable: b.usable,
        pending: b.pending,
        /** Today's deposit points (hundredths), today's and 90 days' stake (satang). */
        depositToday: Number(t.deposit),
        stakeToday: BigInt(t.stake),
        stake90d: BigInt(t.stake90),
        level,
        next: nextLevel(level.name, config.levels) ?? null,
      };
    },

    async slots() {
      return (await readPrivilegeConfig(db)).redeembonuslist;
    },

    /**
     * Redeems the listed slots at once, all or nothing: points spent oldest first, the bonus paid from the
     * house bonus account. The outcome keeps its message: a keyed retry answers what was stored the first
     * time, and the points spent are in no other field of it.
     */
    async redeem(user: AuthUser, body: z.output<typeof points.redeemAllScore.body>, idempotencyKey: string | null) {
      assertOwnUuid(user, body.uuid);
      const config = await readPrivilegeConfig(db);
      const slots = body.idlist.map((id) => {
        const slot = config.redeembonuslist.find((s) => s.id === id);
        if (!slot) throw badRequest(`ไม่พบรายการแลกรหัส ${id}`);
        return slot;
      });
      const credit = await playerAccountId(db, user.uuid);
      return db.transaction((tx) =>
        once(tx, { userId: user.uuid, route: "redeem-allscore", key: idempotencyKey, body }, async () => {
          await lockPointsOf(tx, user.uuid);
          await vestDue(tx, user.uuid);
          const used = await tx.execute<{ slot_id: number; n: string }>(sql`
            select slot_id, count(*) as n from point_redemptions where user_id = ${user.uuid} and created_at >= ${TODAY} group by slot_id`);
          for (const slot of new Set(slots)) {
            const already = Number(used.rows.find((u) => u.slot_id === slot.id)?.n ?? 0);
            const asked = slots.filter((s) => s === slot).length;
            if (already + asked > slot.per_day_limit) {
              throw badRequest(`รายการแลก ${slot.score} แต้ม แลกได้วันละ ${slot.per_day_limit} ครั้ง (วันนี้แลกไปแล้ว ${already} ครั้ง)`);
            }
          }
          const cost = slots.reduce((s, x) => s + x.score * POINTS_SCALE, 0);
          if (!(await spend(tx, user.uuid, cost))) {
            const { usable } = await balances(tx, user.uuid);
            throw badRequest(`แต้มไม่พอ: ต้องใช้ ${cost / POINTS_SCALE} แต้ม มีแต้มที่ใช้ได้ ${toPoints(usable)} แต้ม`);
          }
          let balance = 0n;
          for (const slot of slots) {
            const bonus = BigInt(bahtToSatang(slot.bonus));
            const r = await tx.execute<{ id: string }>(sql`
              insert into point_redemptions (user_id, slot_id, score, bonus) values (${user.uuid}, ${slot.id}, ${slot.score * POINTS_SCALE}, ${bonus}) returning id`);
            const id = Number(r.rows[0]!.id);
            await tx.execute(sql`
              insert into points_log (user_id, kind, amount, source) values (${user.uuid}, 'redeem', ${-slot.score * POINTS_SCALE}, ${`redemption:${id}`})`);
            const moved = await transfer(tx, {
              kind: "bonus.redeem",
              from: houseShard(HOUSE.bonus, credit),
              to: { player: credit },
              amount: bonus,
              reference: `redemption:${id}`,
              actorId: user.uuid,
              requestId: user.requestId,
            });
            balance = moved.balances.get(credit)!;
          }
          const total = slots.reduce((s, x) => s + x.bonus, 0);
          const { usable } = await balances(tx, user.uuid);
          return {
            message: `แลก ${cost / POINTS_SCALE} แต้ม ได้เครดิต ${formatMoney(baht(total))} บาท`,
            credit: satangToBaht(balance),
            total_score: toPoints(usable),
            bonus: total,
          };
        }),
      );
    },

    adminConfig() {
      return readPrivilegeConfig(db);
    },

    async saveConfig(admin: AuthUser, config: PrivilegeConfig) {
      return db.transaction(async (tx) => {
        const before = await readPrivilegeConfig(tx);
        await writePrivilegeConfig(tx, config);
        await writeAudit(tx, { actorId: admin.uuid, action: "privilege.config", target: "site_config:privilege", before, after: config });
        return config;
      });
    },

    /**
     * An operator's grant or deduction of points, with a reason; a deduction is refused beyond the usable
     * points. The outcome keeps its message, as a keyed retry's stored answer does.
     */
    async adjust(admin: AuthUser, body: z.output<typeof points.adminAdjustPoints.body>, idempotencyKey: string | null) {
      if (!idempotencyKey) throw badRequest("การปรับแต้มต้องส่ง Idempotency-Key");
      const player = await userById(db, body.uuid);
      if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const config = await readPrivilegeConfig(db);
      const centi = Math.round(body.points * POINTS_SCALE);
      return db.transaction((tx) =>
        once(tx, { userId: admin.uuid, route: "adjust-points", key: idempotencyKey, body }, async () => {
          await lockPointsOf(tx, body.uuid);
          const source = `adjust:${admin.uuid}:${idempotencyKey}`;
          if (centi > 0) {
            await tx.execute(sql`
              insert into point_lots (user_id, kind, source, amount, remaining, vested, expires_at)
              values (${body.uuid}, 'adjust', ${source}, ${centi}, ${centi}, true, now() + make_interval(days => ${config.expiry_days}))`);
          } else if (!(await spend(tx, body.uuid, -centi))) {
            throw badRequest("หักแต้มเกินแต้มที่ผู้เล่นใช้ได้");
          }
          await tx.execute(sql`
            insert into points_log (user_id, kind, amount, source, note, actor_id) values (${body.uuid}, 'adjust', ${centi}, ${source}, ${body.reason}, ${admin.uuid})`);
          await writeAudit(tx, { actorId: admin.uuid, action: "points.adjust", target: `user:${body.uuid}`, after: { points: body.points, reason: body.reason } });
          const { usable } = await balances(tx, body.uuid);
          return { message: centi > 0 ? "เพิ่มแต้มแล้ว" : "หักแต้มแล้ว", total_score: toPoints(usable) };
        }),
      );
    },

    /** An operator sets a player's level (kept until cleared) or hands it back to the daily computation; audited. */
    /** The level the player now has. */
    async setLevel(admin: AuthUser, body: z.output<typeof points.adminSetMemberLevel.body>): Promise<MemberLevel> {
      const player = await userById(db, body.uuid);
      if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const config = await readPrivilegeConfig(db);
      return db.transaction(async (tx) => {
        await lockLevels(tx);
        const before = await currentLevel(tx, body.uuid, config);
        let rule = config.levels.find((l) => l.name === body.level);
        if (!rule) {
          const s = await tx.execute<{ staked: string }>(sql`
            select coalesce(sum(total_paid), 0) as staked from slips where user_id = ${body.uuid} and status = 'active' and created_at > now() - interval '90 days'`);
          rule = levelFor(Number(s.rows[0]!.staked), config.levels);
        }
        await tx.execute(sql`
          insert into member_levels (user_id, level, multiplier_x100, override, reason, actor_id)
          values (${body.uuid}, ${rule.name}, ${rule.multiplier_x100}, ${body.level !== null}, ${body.reason}, ${admin.uuid})`);
        await writeAudit(tx, { actorId: admin.uuid, action: "member-level.set", target: `user:${body.uuid}`, before, after: { level: rule.name, override: body.level !== null, reason: body.reason } });
        return rule.name;
      });
    },
  };
}
