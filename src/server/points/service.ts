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
import * as repo from "./repository";

const toPoints = (centi: string | number | bigint) => Number(centi) / POINTS_SCALE;

/** Spends points oldest first; false when the usable lots do not hold them. */
async function spend(tx: Tx, userId: string, centi: number): Promise<boolean> {
  const takes = spendOldestFirst(await repo.usableLots(tx, userId), centi);
  if (!takes) return false;
  await repo.takeFromLots(tx, takes);
  return true;
}

/** The player's level now: the latest row, or the first level for a player who has none. */
export async function currentLevel(db: Executor, userId: string, config: PrivilegeConfig) {
  const row = await repo.latestLevel(db, userId);
  const first = config.levels[0]!;
  return row
    ? { name: row.level as MemberLevel, multiplier_x100: row.multiplier_x100, override: row.override }
    : { name: first.name, multiplier_x100: first.multiplier_x100, override: false };
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
      const [b, level, rows, t] = await Promise.all([
        repo.balances(db, uuid),
        currentLevel(db, uuid, config),
        repo.pointsLog(db, uuid),
        repo.todaysFigures(db, uuid),
      ]);
      return {
        /** The latest 300 lines of the player's points log, newest first (amounts in hundredths of a point). */
        log: rows,
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
          const used = await repo.redeemedToday(tx, user.uuid);
          for (const slot of new Set(slots)) {
            const already = Number(used.find((u) => u.slot_id === slot.id)?.n ?? 0);
            const asked = slots.filter((s) => s === slot).length;
            if (already + asked > slot.per_day_limit) {
              throw badRequest(`รายการแลก ${slot.score} แต้ม แลกได้วันละ ${slot.per_day_limit} ครั้ง (วันนี้แลกไปแล้ว ${already} ครั้ง)`);
            }
          }
          const cost = slots.reduce((s, x) => s + x.score * POINTS_SCALE, 0);
          if (!(await spend(tx, user.uuid, cost))) {
            const { usable } = await repo.balances(tx, user.uuid);
            throw badRequest(`แต้มไม่พอ: ต้องใช้ ${cost / POINTS_SCALE} แต้ม มีแต้มที่ใช้ได้ ${toPoints(usable)} แต้ม`);
          }
          let balance = 0n;
          for (const slot of slots) {
            const bonus = BigInt(bahtToSatang(slot.bonus));
            const id = await repo.insertRedemption(tx, user.uuid, { id: slot.id, centi: slot.score * POINTS_SCALE, bonus });
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
          const { usable } = await repo.balances(tx, user.uuid);
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
            await repo.insertGrantedLot(tx, body.uuid, source, centi, config.expiry_days);
          } else if (!(await spend(tx, body.uuid, -centi))) {
            throw badRequest("หักแต้มเกินแต้มที่ผู้เล่นใช้ได้");
          }
          await repo.insertAdjustmentLog(tx, { userId: body.uuid, centi, source, reason: body.reason, actorId: admin.uuid });
          await writeAudit(tx, {
            actorId: admin.uuid,
            action: "points.adjust",
            target: `user:${body.uuid}`,
            after: { points: body.points, reason: body.reason },
          });
          const { usable } = await repo.balances(tx, body.uuid);
          return { message: centi > 0 ? "เพิ่มแต้มแล้ว" : "หักแต้มแล้ว", total_score: toPoints(usable) };
        }),
      );
    },

    /**
     * An operator sets a player's level (kept until cleared) or hands it back to the daily computation;
     * audited. The level the player now has.
     */
    async setLevel(admin: AuthUser, body: z.output<typeof points.adminSetMemberLevel.body>): Promise<MemberLevel> {
      const player = await userById(db, body.uuid);
      if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const config = await readPrivilegeConfig(db);
      return db.transaction(async (tx) => {
        await lockLevels(tx);
        const before = await currentLevel(tx, body.uuid, config);
        let rule = config.levels.find((l) => l.name === body.level);
        if (!rule) {
          rule = levelFor(await repo.stakeLast90Days(tx, body.uuid), config.levels);
        }
        await repo.insertLevel(tx, {
          userId: body.uuid,
          level: rule.name,
          multiplierX100: rule.multiplier_x100,
          override: body.level !== null,
          reason: body.reason,
          actorId: admin.uuid,
        });
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: "member-level.set",
          target: `user:${body.uuid}`,
          before,
          after: { level: rule.name, override: body.level !== null, reason: body.reason },
        });
        return rule.name;
      });
    },
  };
}
