import type { z } from "zod";
import type { referral } from "../../contract";
import { baht, bahtToSatang, formatMoney, satangToBaht } from "../../domain/money";
import { maskUsername } from "../../domain/referral";
import { formatThaiDateTime } from "../../domain/thai-date";
import { writeAudit } from "../admin/audit";
import { findUserById } from "../auth/repository";
import type { Db } from "../db/client";
import { ApiError, badRequest, conflict, notFound } from "../http/errors";
import { once } from "../http/idempotency";
import { assertOwnUuid, type AuthUser } from "../http/register-route";
import { InsufficientFunds, playerAccountId, playerBalance, transfer } from "../wallet/ledger";
import { readSubsidyConfig, writeSubsidyConfig } from "./config";
import { assertCommissionWithinEdge } from "./edge";
import * as repo from "./repository";

const iso = (d: Date | string) => new Date(d).toISOString();
const bahtOf = (satang: string | bigint) => satangToBaht(BigInt(satang));

export function referralService(db: Db) {
  return {
    async relationship(user: AuthUser, uuid: string) {
      assertOwnUuid(user, uuid);
      const [rows, level2] = await Promise.all([repo.friends(db, uuid), repo.secondLevelCount(db, uuid)]);
      return {
        status: "Success" as const,
        childrenlist: rows.map((f) => ({
          username: maskUsername(f.username),
          joined_at: iso(f.created_at),
          last_active_at: f.last_active_at ? iso(f.last_active_at) : null,
          stake_month: bahtOf(f.stake_month),
        })),
        level2_count: level2,
      };
    },

    async totals(user: AuthUser, uuid: string) {
      assertOwnUuid(user, uuid);
      const [t, affiliate, debt] = await Promise.all([repo.totals(db, uuid), playerBalance(db, uuid, "affiliate"), repo.debtOf(db, uuid)]);
      return {
        status: "Success" as const,
        stake: { today: bahtOf(t.stake_today), month: bahtOf(t.stake_month), all: bahtOf(t.stake_all) },
        commission: { today: bahtOf(t.commission_today), month: bahtOf(t.commission_month), all: bahtOf(t.commission_all) },
        affiliate_credit: satangToBaht(affiliate),
        debt: satangToBaht(debt),
      };
    },

    async byDay(user: AuthUser, uuid: string, days: number) {
      assertOwnUuid(user, uuid);
      const rows = await repo.commissionByDay(db, uuid, days);
      return {
        status: "Success" as const,
        subsidylist: rows.map((r) => ({
          date: r.date,
          level: Number(r.level),
          stake: bahtOf(r.stake),
          commission: bahtOf(r.commission),
          rate_bp: Number(((Number(r.commission) * 10_000) / Number(r.stake)).toFixed(2)),
        })),
      };
    },

    async configFor(user: AuthUser, uuid: string) {
      assertOwnUuid(user, uuid);
      return { status: "Success" as const, config_str: JSON.stringify(await readSubsidyConfig(db)) };
    },

    /** Moves commission from the affiliate balance to the credit at once (guarded debit, idempotent with a key). */
    async withdraw(user: AuthUser, body: z.output<typeof referral.addWithdrawalAf.body>, idempotencyKey: string | null) {
      assertOwnUuid(user, body.uuid);
      const config = await readSubsidyConfig(db);
      if (body.amount < config.min_withdrawal) throw badRequest(`โยกค่าคอมได้ขั้นต่ำ ${formatMoney(baht(config.min_withdrawal))} บาท`);
      const amount = BigInt(bahtToSatang(body.amount));
      const [affiliate, credit] = await Promise.all([playerAccountId(db, user.uuid, "affiliate"), playerAccountId(db, user.uuid)]);
      try {
        return await db.transaction((tx) =>
          once(tx, { userId: user.uuid, route: "add-withdrawal-af", key: idempotencyKey, body }, async () => {
            const id = await repo.insertAfWithdrawal(tx, { userId: user.uuid, amount, note: body.note });
            const moved = await transfer(tx, {
              kind: "affiliate.withdrawal",
              from: { player: affiliate },
              to: { player: credit },
              amount,
              reference: `affiliate-withdrawal:${id}`,
              actorId: user.uuid,
              requestId: user.requestId,
            });
            const message = `โยกค่าคอม ${formatMoney(baht(body.amount))} บาท เข้าเครดิตแล้ว`;
            return {
              status: "Success" as const,
              msg: message,
              message,
              id,
              credit: satangToBaht(moved.balances.get(credit)!),
              affiliate_credit: satangToBaht(moved.balances.get(affiliate)!),
            };
          }),
        );
      } catch (e) {
        if (e instanceof InsufficientFunds) throw new ApiError(400, "ยอดค่าคอมคงเหลือไม่พอสำหรับจำนวนที่โยก");
        throw e;
      }
    },

    async withdrawals(user: AuthUser, uuid: string, days: number) {
      assertOwnUuid(user, uuid);
      const rows = await repo.afWithdrawals(db, uuid, days);
      return {
        status: "Success" as const,
        withdrawallist: rows.map((w) => ({
          id: Number(w.id),
          amount: bahtOf(w.amount),
          note: w.note,
          date_time: formatThaiDateTime(w.created_at),
          created_at: iso(w.created_at),
        })),
      };
    },

    async adminConfig() {
      return { status: "Success" as const, config: await readSubsidyConfig(db) };
    },

    /** Saves the rates unless a ring of accounts referring each other could bet with positive expectation. */
    async saveConfig(admin: AuthUser, config: z.output<typeof referral.adminSaveSubsidyConfig.body>) {
      const known = await repo.lotteryIds(db);
      const unknown = config.rates.find((r) => r.lottery_id !== null && !known.has(r.lottery_id));
      if (unknown) throw badRequest(`ไม่พบหวยรหัส ${unknown.lottery_id}`);
      await assertCommissionWithinEdge(db, { rates: config.rates });
      return db.transaction(async (tx) => {
        const before = await readSubsidyConfig(tx);
        await writeSubsidyConfig(tx, config);
        await writeAudit(tx, { actorId: admin.uuid, action: "subsidy.config", target: "site_config:subsidy", before, after: config });
        return { status: "Success" as const, message: "บันทึกอัตราค่าคอมแล้ว", config };
      });
    },

    async tree(uuid: string) {
      const player = await findUserById(db, uuid);
      if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const referrer = player.referrerId ? await findUserById(db, player.referrerId) : undefined;
      const [friends, log, affiliate, debt] = await Promise.all([
        repo.treeFriends(db, uuid),
        repo.commissionLog(db, uuid),
        playerBalance(db, uuid, "affiliate"),
        repo.debtOf(db, uuid),
      ]);
      return {
        status: "Success" as const,
        username: player.username,
        referrer: referrer ? { uuid: referrer.id, username: referrer.username } : null,
        friends: friends.map((f) => ({ uuid: f.id, username: f.username, level: Number(f.level), joined_at: iso(f.created_at), stake_all: bahtOf(f.stake_all) })),
        commissions: log.map((c) => ({
          slip_id: Number(c.slip_id),
          round_id: Number(c.round_id),
          level: Number(c.level),
          friend: c.friend,
          stake: bahtOf(c.stake),
          commission: bahtOf(c.amount),
          created_at: iso(c.created_at),
          reversed_at: c.reversed_at ? iso(c.reversed_at) : null,
        })),
        affiliate_credit: satangToBaht(affiliate),
        debt: satangToBaht(debt),
      };
    },

    /** The operator's change of a player's referrer (or its removal), with a reason; never a ring. */
    async changeReferrer(admin: AuthUser, body: z.output<typeof referral.adminChangeReferrer.body>) {
      return db.transaction(async (tx) => {
        await repo.lockReferralTree(tx);
        const player = await findUserById(tx, body.uuid);
        if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
        if (body.referrer_uuid !== null) {
          if (body.referrer_uuid === body.uuid) throw badRequest("ผู้เล่นแนะนำตัวเองไม่ได้");
          const referrer = await findUserById(tx, body.referrer_uuid);
          if (!referrer || referrer.role !== "player" || referrer.state !== "active") throw badRequest("ผู้แนะนำต้องเป็นผู้เล่นที่ใช้งานอยู่");
          if ((await repo.ancestors(tx, body.referrer_uuid)).includes(body.uuid)) {
            throw conflict("เปลี่ยนไม่ได้: ผู้แนะนำใหม่อยู่ในสายงานของผู้เล่นคนนี้เอง");
          }
        }
        if (player.referrerId === body.referrer_uuid) throw conflict("ผู้แนะนำเป็นคนนี้อยู่แล้ว ไม่มีการเปลี่ยนแปลง");
        await repo.setReferrer(tx, body.uuid, body.referrer_uuid);
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: "referral.change",
          target: `user:${body.uuid}`,
          before: { referrer: player.referrerId },
          after: { referrer: body.referrer_uuid, reason: body.reason },
        });
        return { status: "Success" as const, message: body.referrer_uuid ? "เปลี่ยนผู้แนะนำแล้ว" : "เอาผู้แนะนำออกแล้ว" };
      });
    },
  };
}
