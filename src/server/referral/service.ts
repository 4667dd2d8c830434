import type { z } from "zod";
import type { referral } from "../../contract";
import { baht, bahtToSatang, formatMoney, satangToBaht } from "../../domain/money";
import { writeAudit } from "../admin/audit";
import { userById } from "../auth/players";
import type { Db } from "../db/client";
import { ApiError, badRequest, conflict, notFound } from "../http/errors";
import { once } from "../http/idempotency";
import { assertOwnUuid, type AuthUser } from "../http/register-route";
import { InsufficientFunds, playerAccountId, playerBalance, transfer } from "../wallet/ledger";
import { readSubsidyConfig, writeSubsidyConfig } from "./config";
import { assertCommissionWithinEdge } from "./edge";
import * as repo from "./repository";

export function referralService(db: Db) {
  return {
    async relationship(user: AuthUser, uuid: string) {
      assertOwnUuid(user, uuid);
      const [friends, level2] = await Promise.all([repo.friends(db, uuid), repo.secondLevelCount(db, uuid)]);
      return { friends, level2 };
    },

    async totals(user: AuthUser, uuid: string) {
      assertOwnUuid(user, uuid);
      const [totals, affiliate, debt] = await Promise.all([
        repo.totals(db, uuid),
        playerBalance(db, uuid, "affiliate"),
        repo.debtOf(db, uuid),
      ]);
      return { totals, affiliate, debt };
    },

    async byDay(user: AuthUser, uuid: string, days: number) {
      assertOwnUuid(user, uuid);
      return repo.commissionByDay(db, uuid, days);
    },

    async configFor(user: AuthUser, uuid: string) {
      assertOwnUuid(user, uuid);
      return readSubsidyConfig(db);
    },

    /**
     * Moves commission from the affiliate balance to the credit at once (guarded debit, idempotent with a
     * key): the move's id and both balances after it (baht; a retry's stored answer holds them too).
     */
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
            return {
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
      return repo.afWithdrawals(db, uuid, days);
    },

    adminConfig() {
      return readSubsidyConfig(db);
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
        return config;
      });
    },

    async tree(uuid: string) {
      const player = await userById(db, uuid);
      if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const referrer = player.referrerId ? await userById(db, player.referrerId) : undefined;
      const [friends, log, affiliate, debt] = await Promise.all([
        repo.treeFriends(db, uuid),
        repo.commissionLog(db, uuid),
        playerBalance(db, uuid, "affiliate"),
        repo.debtOf(db, uuid),
      ]);
      return { player, referrer: referrer ?? null, friends, commissions: log, affiliate, debt };
    },

    /** The operator's change of a player's referrer (or its removal), with a reason; never a ring. */
    async changeReferrer(admin: AuthUser, body: z.output<typeof referral.adminChangeReferrer.body>): Promise<void> {
      return db.transaction(async (tx) => {
        await repo.lockReferralTree(tx);
        const player = await userById(tx, body.uuid);
        if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
        if (body.referrer_uuid !== null) {
          if (body.referrer_uuid === body.uuid) throw badRequest("ผู้เล่นแนะนำตัวเองไม่ได้");
          const referrer = await userById(tx, body.referrer_uuid);
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
      });
    },
  };
}
export type ReferralService = ReturnType<typeof referralService>;
