import { randomInt } from "node:crypto";
import type { z } from "zod";
import type { wallet } from "../../contract";

import { type Baht, baht, bahtToSatang, formatMoney, satangToBaht } from "../../domain/money";
import { writeAudit } from "../admin/audit";
import { type User, userById } from "../auth/players";
import type { Db, Tx } from "../db/client";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../http/errors";
import { decodeImageDataUrl } from "../http/image-data-url";
import { once, requestHash } from "../http/idempotency";
import { depositRoom, flagDepositBeyondLimit } from "../rg/gate";
import { rgLimitMessage } from "../rg/messages";
import type { AuthUser } from "../http/register-route";
import { awardDepositPoints } from "../points/accrual";
import { readWalletConfig, writeWalletConfig } from "./config";
import { HOUSE, houseShard, InsufficientFunds, playerAccountId, playerBalance, transfer } from "./ledger";
import * as repo from "./repository";

const DEPOSIT_REQUEST_TTL_MINUTES = 30;
const PAYTIME_MAX_AGE_DAYS = 3;
/** Reports a player may have waiting for the operator: one player cannot hold many of the unique amounts. */
export const MAX_PENDING_REPORTS = 3;
const PAYTIME_MAX_AHEAD_MINUTES = 10;

function newTransection(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(2, 12);
  return `DP${stamp}${Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join("")}`;
}

/** The data URL's bytes, checked to really be the image type it claims. */
function decodeSlip(dataUrl: string): { bytes: Buffer; type: string } {
  const image = decodeImageDataUrl(dataUrl);
  if (!image) throw badRequest("ไฟล์สลิปไม่ใช่รูปภาพที่ถูกต้อง");
  return image;
}

const toSatang = (baht: number) => BigInt(bahtToSatang(baht));

/** A deposit request waiting for its transfer: the amount to send, and where (fixed when it was made). */
export interface OpenDepositRequest {
  /** Baht, with the satang that make it unique. */
  amount: number;
  transection: string;
  expiresAt: Date;
  bank: repo.SiteBankRow | null;
  promptpayId: string | null;
}

/** A player's credit movements as the operator reads them (the back office's too). */
export interface MoneyLog {
  player: User;
  balance: bigint;
  entries: repo.LogRow[];
}

/** The wallet's entry point for the back office's player view: the money log of one player (docs/decisions/040). */
export async function moneyLogOf(db: Db, uuid: string, days: number): Promise<MoneyLog> {
  const player = await userById(db, uuid);
  if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
  const accountId = await playerAccountId(db, uuid);
  const entries = await repo.moneyLog(db, accountId, days);
  return { player, balance: await playerBalance(db, uuid), entries };
}

/** A player's transfer reports and withdrawals of the last days, newest first (the back office's player view). */
export async function paymentsOf(db: Db, uuid: string, days: number) {
  const [deposits, withdrawals] = await Promise.all([repo.payRecordsOfUser(db, uuid, days), repo.withdrawalsOfUser(db, uuid, days)]);
  return { deposits, withdrawals };
}

function alreadyDecided(current: repo.PayRecordRow | null): ApiError {
  return conflict(current?.status === "Approve" ? "รายการนี้อนุมัติไปแล้ว ไม่มีการเปลี่ยนแปลง" : "รายการนี้ถูกปฏิเสธไปแล้ว ไม่มีการเปลี่ยนแปลง");
}

/** Who approves a deposit: an operator, or the bank's record matched by the system (actorId null, decision 045). */
export interface DepositApprover {
  actorId: string | null;
  requestId?: string;
  by?: "bank";
}

/**
 * Approves a pending transfer report inside the caller's transaction: the one approval of a deposit, for the
 * operator's click and the bank's match alike (docs/decisions/045-automatic-deposits.md). The guarded status change
 * (Pending → Approve) is what makes racing approvals credit once; the loser gets the "already approved" conflict.
 * Lock order: the deposit request, then the pay record, then the ledger's accounts.
 */
export async function approveDeposit(tx: Tx, id: number, approver: DepositApprover): Promise<{ credit: Baht; userId: string }> {
  await repo.lockDepositRequestOfPayRecord(tx, id);
  const before = await repo.payRecordById(tx, id);
  if (!before) throw notFound("ไม่พบรายการแจ้งฝาก");
  if (!(await repo.decidePayRecord(tx, id, "Approve", approver.actorId))) throw alreadyDecided(await repo.payRecordById(tx, id));
  await repo.closeDepositRequestOf(tx, id);
  const accountId = await playerAccountId(tx, before.user_id);
  const moved = await transfer(tx, {
    kind: "deposit",
    from: houseShard(HOUSE.deposits, accountId),
    to: { player: accountId },
    amount: BigInt(before.amount),
    reference: `paynow:${id}`,
    actorId: approver.actorId,
    requestId: approver.requestId,
  });
  const credit = satangToBaht(moved.balances.get(accountId)!);
  await awardDepositPoints(tx, before.user_id, id, BigInt(before.amount));
  // Credited whatever the player's deposit limit; beyond it, flagged for the operator.
  await flagDepositBeyondLimit(tx, before.user_id, id);
  await writeAudit(tx, {
    actorId: approver.actorId,
    action: "paynow.approve",
    target: `paynow:${id}`,
    before: { status: before.status, amount: satangToBaht(BigInt(before.amount)), player: before.user_id },
    after: { status: "Approve", credit, ...(approver.by ? { by: approver.by } : {}) },
  });
  return { credit, userId: before.user_id };
}

/**
 * Credits a deposit request whose transfer the bank shows (decision 045), inside the caller's transaction: the
 * player's pending report is approved; with none, a report without a slip is made for the request and approved,
 * so every credited deposit is a pay record whatever found it. A request already decided is refused (409).
 * An expired or cancelled request may be credited too (the operator's match: the money did arrive); it goes
 * straight to closed, never back to live, since its amount may be another player's live request by now.
 */
export async function creditDepositRequest(
  tx: Tx,
  transection: string,
  approver: DepositApprover & { paytime: Date; bankCode: string },
): Promise<{ payRecordId: number; userId: string; credit: Baht }> {
  const request = await repo.lockDepositRequest(tx, transection);
  if (!request) throw notFound("ไม่พบรายการขอฝากนี้");
  let payRecordId: number;
  if (request.state === "used" || request.state === "closed") {
    const existing = await repo.payRecordByTransection(tx, transection);
    if (!existing) throw conflict("ไม่พบรายการแจ้งฝากของรายการขอฝากนี้");
    if (existing.status === "Approve") throw conflict("รายการขอฝากนี้เติมเครดิตไปแล้ว ไม่มีการเปลี่ยนแปลง");
    if (existing.status === "Reject") throw conflict("รายการแจ้งฝากของรายการขอฝากนี้ถูกปฏิเสธไปแล้ว จับคู่ไม่ได้ กรุณาปรับเครดิตแทน");
    payRecordId = Number(existing.id);
  } else {
    payRecordId = Number(
      await repo.insertPayRecord(tx, {
        userId: request.user_id,
        depositRequestId: request.id,
        amount: BigInt(request.amount),
        paytime: approver.paytime.toISOString(),
        comment: "ยอดโอนจากรายการของธนาคาร (ฝากออโต้)",
        bankCode: approver.bankCode,
        transection,
        slip: null,
        slipType: null,
        requestHash: requestHash({ bank: transection }),
      }),
    );
    await repo.closeUnreportedDepositRequest(tx, request.id);
  }
  const { credit, userId } = await approveDeposit(tx, payRecordId, approver);
  return { payRecordId, userId, credit };
}

export function walletService(db: Db) {
  function own(user: AuthUser, uuid: string | undefined) {
    if (uuid !== undefined && uuid !== user.uuid) throw forbidden();
  }

  /** What gent-amount answers, from the request's row: the account and PromptPay id fixed when it was made. */
  async function openRequestOf(
    r: Pick<repo.OpenDepositRequestRow, "amount" | "transection" | "expires_at" | "site_bank_id" | "promptpay_id">,
  ): Promise<OpenDepositRequest> {
    const amount = satangToBaht(BigInt(r.amount));
    // A request made before migration 0030 kept neither: it is shown with the site's account as it is now.
    const legacy = r.site_bank_id === null && r.promptpay_id === null;
    const bank = r.site_bank_id
      ? await repo.siteBankById(db, Number(r.site_bank_id))
      : legacy
        ? ((await repo.siteBanks(db, true))[0] ?? null)
        : null;
    const promptpay = legacy ? bank?.promptpay_id || (await readWalletConfig(db)).promptpayId : r.promptpay_id;
    return { amount, transection: r.transection, expiresAt: new Date(r.expires_at), bank, promptpayId: promptpay || null };
  }

  return {
    /** The player's credit (`/api/get-credit`). */
    async credit(user: AuthUser, uuid: string | undefined): Promise<bigint> {
      own(user, uuid);
      return playerBalance(db, user.uuid);
    },

    config() {
      return readWalletConfig(db);
    },

    async requestDepositAmount(user: AuthUser, body: { amount: number; uuid?: string }) {
      own(user, body.uuid);
      const config = await readWalletConfig(db);
      if (body.amount < config.depositMin || body.amount > config.depositMax) {
        throw badRequest(`ฝากได้ครั้งละ ${formatMoney(baht(config.depositMin))} - ${formatMoney(baht(config.depositMax))} บาท`);
      }
      const [bank] = await repo.siteBanks(db, true);
      const promptpay = bank?.promptpay_id || config.promptpayId || null;
      if (!bank && !promptpay) throw conflict("ยังไม่เปิดรับฝากเงิน: เว็บยังไม่ได้ตั้งค่าบัญชีรับเงิน กรุณาติดต่อเจ้าหน้าที่");
      // A satang fraction (0.01-0.99) makes the amount unique among open requests, so the operator
      // can match a line of the bank statement to one player.
      const request = await db.transaction(async (tx) => {
        // One request of a player at a time, so the caps below hold.
        await repo.lockDepositRequestsOf(tx, user.uuid);
        if ((await repo.pendingReportCount(tx, user.uuid)) >= MAX_PENDING_REPORTS) {
          throw conflict(`มีรายการแจ้งฝากรอตรวจสอบ ${MAX_PENDING_REPORTS} รายการแล้ว กรุณารอเจ้าหน้าที่ตรวจสอบก่อนขอฝากใหม่`);
        }
        // Responsible play: no deposits during a break, none beyond the player's deposit limit. Its lock on
        // the player's responsible-play row comes before the requests', as in taking a break (rg/service.ts).
        const limit = await depositRoom(tx, user.uuid);
        await repo.expireDepositRequests(tx);
        // The player may already have transferred the open request's amount: it is never replaced behind
        // their back. The same amount asked again gets the same request; another amount is refused until
        // the player cancels (docs/decisions/035-open-deposit-request.md).
        const open = await repo.openDepositRequestOf(tx, user.uuid);
        if (open) {
          const held = BigInt(open.amount);
          if (held / 100n === toSatang(body.amount) / 100n) return open;
          throw conflict(
            `คุณมีรายการขอฝาก ${formatMoney(satangToBaht(held))} บาท ที่ยังรอโอนอยู่ กรุณาโอนตามยอดนั้นแล้วแจ้งโอน หรือกดยกเลิกรายการเดิมก่อนขอยอดใหม่`,
          );
        }
        for (let attempt = 0; attempt < 40; attempt++) {
          const amount = toSatang(body.amount) + BigInt(randomInt(1, 100));
          if (limit && amount > limit.room) throw badRequest(rgLimitMessage("deposit", limit.period, limit.room));
          const transection = newTransection();
          const row = await repo.insertDepositRequest(tx, {
            userId: user.uuid,
            amount,
            transection,
            ttlMinutes: DEPOSIT_REQUEST_TTL_MINUTES,
            siteBankId: bank ? Number(bank.id) : null,
            promptpayId: promptpay,
          });
          if (row) {
            return {
              id: row.id,
              amount: String(amount),
              transection,
              expires_at: row.expires_at,
              site_bank_id: bank?.id ?? null,
              promptpay_id: promptpay,
            };
          }
        }
        return null;
      });
      if (!request) throw conflict("มีผู้ขอฝากยอดนี้จำนวนมาก กรุณาเปลี่ยนยอดฝากเล็กน้อยแล้วลองใหม่");
      return openRequestOf(request);
    },

    /** The request waiting for the transfer, as gent-amount gave it, on every visit (decision 035). */
    async openDepositRequest(user: AuthUser, uuid: string | undefined) {
      own(user, uuid);
      const open = await repo.openDepositRequestOf(db, user.uuid);
      return open ? openRequestOf(open) : null;
    },

    /** The deposit credited in the last ten minutes, if any, for the page that waits on it (decision 045). */
    async lastCredited(user: AuthUser) {
      const row = await repo.lastCreditedOf(db, user.uuid);
      return row ? { transection: row.transection, amount: satangToBaht(BigInt(row.amount)), at: new Date(row.decided_at!) } : null;
    },

    async cancelDepositRequest(user: AuthUser, body: { transection: string; uuid?: string }): Promise<void> {
      own(user, body.uuid);
      return db.transaction(async (tx) => {
        // gent-amount's lock on the player's requests: an ask for the same amount made at the same moment
        // (another tab) either returns the request before this cancel or sees it cancelled, never hands
        // back a request that is cancelled as it answers (docs/decisions/035-open-deposit-request.md).
        await repo.lockDepositRequestsOf(tx, user.uuid);
        if (await repo.cancelDepositRequest(tx, body.transection, user.uuid)) return;
        // Nothing changed: say why, from the row as it is now.
        const request = await repo.depositRequestByTransection(tx, body.transection);
        if (!request) throw notFound("ไม่พบรายการขอฝากนี้");
        if (request.user_id !== user.uuid) throw forbidden();
        if (request.state === "used" || request.state === "closed") throw conflict("รายการนี้แจ้งโอนแล้ว ยกเลิกไม่ได้ หากมีปัญหากรุณาติดต่อเจ้าหน้าที่");
        if (request.state === "cancelled") throw conflict("รายการนี้ถูกยกเลิกไปแล้ว");
        throw conflict("รายการนี้หมดเวลาแล้ว ไม่ต้องยกเลิก");
      });
    },

    async depositRequests(user: AuthUser, uuid: string, days: number) {
      own(user, uuid);
      return repo.depositRequestsOfUser(db, user.uuid, days);
    },

    /** The transfer reported (or the same report again): its pay record's id. */
    async reportTransfer(user: AuthUser, body: z.output<typeof wallet.addPaynow.body>): Promise<number> {
      own(user, body.uuid);
      const paytime = new Date(body.paytime);
      const now = Date.now();
      if (paytime.getTime() > now + PAYTIME_MAX_AHEAD_MINUTES * 60_000) throw badRequest("เวลาที่โอนต้องไม่เป็นเวลาในอนาคต");
      if (paytime.getTime() < now - PAYTIME_MAX_AGE_DAYS * 86_400_000) throw badRequest(`แจ้งโอนได้ภายใน ${PAYTIME_MAX_AGE_DAYS} วันหลังโอน`);
      const slip = body.slip ? decodeSlip(body.slip) : null;
      const { uuid: _uuid, ...recorded } = body;
      const hash = requestHash(recorded);
      return db.transaction(async (tx) => {
        const request = await repo.lockDepositRequest(tx, body.transection);
        if (!request) throw badRequest("ไม่พบรายการขอฝากนี้ กรุณาขอยอดโอนใหม่");
        if (request.user_id !== user.uuid) throw forbidden();
        if (request.state === "used") {
          // The same report sent again is answered once; another report for the same transfer is refused.
          const existing = await repo.payRecordByTransection(tx, body.transection);
          if (existing && existing.request_hash === hash) return Number(existing.id);
          throw conflict("รายการนี้แจ้งโอนไปแล้ว");
        }
        if (request.state === "closed") {
          // The bank's record may have credited it before the player reported (decision 045): say so, credit nothing.
          const decided = await repo.payRecordByTransection(tx, body.transection);
          if (decided?.status === "Approve") throw conflict("ยอดฝากรายการนี้เข้าเครดิตของคุณแล้ว ไม่ต้องแจ้งโอนซ้ำ");
        }
        // A cancelled, expired or replaced request has given its amount back: another player may hold it now.
        if (request.state === "cancelled") {
          throw conflict("รายการขอฝากนี้ถูกยกเลิกแล้ว กรุณาขอยอดโอนใหม่ หรือติดต่อเจ้าหน้าที่หากโอนไปแล้ว");
        }
        if (request.state !== "open" || request.expired) {
          throw badRequest("รายการขอฝากนี้หมดอายุแล้ว กรุณาขอยอดโอนใหม่ หรือติดต่อเจ้าหน้าที่หากโอนไปแล้ว");
        }
        if (toSatang(body.amount) !== BigInt(request.amount)) {
          throw badRequest(`ยอดโอนต้องตรงกับยอดที่ขอไว้ (${formatMoney(satangToBaht(BigInt(request.amount)))} บาท)`);
        }
        const id = await repo.insertPayRecord(tx, {
          userId: user.uuid,
          depositRequestId: request.id,
          amount: BigInt(request.amount),
          paytime: paytime.toISOString(),
          comment: body.comment,
          bankCode: body.bankname,
          transection: body.transection,
          slip: slip?.bytes ?? null,
          slipType: slip?.type ?? null,
          requestHash: hash,
        });
        await repo.markDepositRequestUsed(tx, request.id);
        return Number(id);
      });
    },

    async payRecords(user: AuthUser, uuid: string, days: number) {
      own(user, uuid);
      return repo.payRecordsOfUser(db, user.uuid, days);
    },

    /**
     * The withdrawal's id and the credit left (baht). A keyed retry gets the answer stored the first time,
     * which before docs/decisions/040 was the whole reply: it holds these two fields as well.
     */
    async withdraw(
      user: AuthUser,
      body: z.output<typeof wallet.addWithdrawal.body>,
      idempotencyKey: string | null,
    ): Promise<{ id: number; credit: number }> {
      own(user, body.uuid);
      const config = await readWalletConfig(db);
      const fail = (message: string, code = 400) => new ApiError(code, message);
      if (body.amount < config.withdrawMin) throw fail(`ถอนขั้นต่ำ ${formatMoney(baht(config.withdrawMin))} บาท`);
      const player = await userById(db, user.uuid);
      if (!player?.bankCode || !player.bankNo || !player.bankAccountName) throw fail("ไม่พบบัญชีธนาคารที่ลงทะเบียนไว้");
      if (body.bankname !== player.bankCode) throw fail("ถอนได้เฉพาะเข้าบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น");
      const amount = toSatang(body.amount);
      const accountId = await playerAccountId(db, user.uuid);
      try {
        return await db.transaction((tx) =>
          once(tx, { userId: user.uuid, route: "add-withdrawal", key: idempotencyKey, body }, async () => {
            await repo.lockWithdrawalsOf(tx, user.uuid);
            const today = await repo.withdrawnToday(tx, user.uuid);
            if (today + amount > toSatang(config.withdrawDailyMax)) {
              throw fail(
                `ถอนได้ไม่เกิน ${formatMoney(baht(config.withdrawDailyMax))} บาทต่อวัน (ถอนไปแล้ว ${formatMoney(satangToBaht(today))} บาท)`,
              );
            }
            const id = await repo.insertWithdrawal(tx, {
              userId: user.uuid,
              amount,
              note: body.note,
              bankCode: player.bankCode!,
              bankNo: player.bankNo!,
              bankAccountName: player.bankAccountName!,
            });
            // Held at once: the credit leaves the player now and comes back only if the withdrawal is rejected.
            const moved = await transfer(tx, {
              kind: "withdrawal.hold",
              from: { player: accountId },
              to: houseShard(HOUSE.withdrawalsPending, accountId),
              amount,
              reference: `withdrawal:${id}`,
              actorId: user.uuid,
              requestId: user.requestId,
            });
            return { id: Number(id), credit: satangToBaht(moved.balances.get(accountId)!) };
          }),
        );
      } catch (e) {
        if (e instanceof InsufficientFunds) throw fail("ยอดเงินคงเหลือไม่เพียงพอสำหรับการถอน");
        throw e;
      }
    },

    async withdrawals(user: AuthUser, uuid: string, days: number) {
      own(user, uuid);
      return repo.withdrawalsOfUser(db, user.uuid, days);
    },

    // ---- admin ----

    async pendingPayRecords(status: string, days: number) {
      return repo.payRecordsByStatus(db, status, days);
    },

    /** The slip image of a transfer report, if it has one. */
    async slip(id: number): Promise<{ slip: Buffer | null; slip_type: string | null }> {
      const row = await repo.payRecordSlip(db, id);
      if (!row) throw notFound("ไม่พบรายการแจ้งฝาก");
      return row;
    },

    /** The report as decided. */
    async decidePayRecord(admin: AuthUser, id: number, decision: "Approve" | "Reject"): Promise<repo.PayRecordRow> {
      return db.transaction(async (tx) => {
        if (decision === "Approve") {
          await approveDeposit(tx, id, { actorId: admin.uuid, requestId: admin.requestId });
          return (await repo.payRecordById(tx, id))!;
        }
        // The request first, as every deposit decision locks it (approveDeposit; the bank's match, decision 045).
        await repo.lockDepositRequestOfPayRecord(tx, id);
        const before = await repo.payRecordById(tx, id);
        if (!before) throw notFound("ไม่พบรายการแจ้งฝาก");
        if (!(await repo.decidePayRecord(tx, id, "Reject", admin.uuid))) throw alreadyDecided(await repo.payRecordById(tx, id));
        await repo.closeDepositRequestOf(tx, id);
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: "paynow.reject",
          target: `paynow:${id}`,
          before: { status: before.status, amount: satangToBaht(BigInt(before.amount)), player: before.user_id },
          after: { status: decision },
        });
        return (await repo.payRecordById(tx, id))!;
      });
    },

    async pendingWithdrawals(status: string, days: number) {
      return repo.withdrawalsByStatus(db, status, days);
    },

    /** The withdrawal as decided. */
    async decideWithdrawal(admin: AuthUser, id: number, decision: "Approve" | "Reject"): Promise<repo.WithdrawalRow> {
      return db.transaction(async (tx) => {
        const before = await repo.withdrawalById(tx, id);
        if (!before) throw notFound("ไม่พบรายการถอน");
        if (!(await repo.decideWithdrawal(tx, id, decision, admin.uuid))) {
          const current = await repo.withdrawalById(tx, id);
          throw conflict(current?.status === "Approve" ? "รายการนี้อนุมัติไปแล้ว ไม่มีการเปลี่ยนแปลง" : "รายการนี้ถูกปฏิเสธไปแล้ว ไม่มีการเปลี่ยนแปลง");
        }
        const accountId = await playerAccountId(tx, before.user_id);
        const pending = houseShard(HOUSE.withdrawalsPending, accountId);
        const moved = await transfer(tx, {
          kind: decision === "Approve" ? "withdrawal.paid" : "withdrawal.refund",
          from: pending,
          // Approved: the money left through the bank. Rejected: the held credit goes back to the player.
          to: decision === "Approve" ? houseShard(HOUSE.withdrawalsPaid, accountId) : { player: accountId },
          amount: BigInt(before.amount),
          reference: `withdrawal:${id}`,
          actorId: admin.uuid,
          requestId: admin.requestId,
        });
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: decision === "Approve" ? "withdrawal.approve" : "withdrawal.reject",
          target: `withdrawal:${id}`,
          before: { status: before.status, amount: satangToBaht(BigInt(before.amount)), player: before.user_id },
          after: { status: decision, credit: decision === "Reject" ? satangToBaht(moved.balances.get(accountId)!) : undefined },
        });
        return (await repo.withdrawalById(tx, id))!;
      });
    },

    /** The player's credit after the adjustment (baht; a retry's stored answer holds it too). */
    async adjustCredit(
      admin: AuthUser,
      body: { uuid: string; amount: number; note: string },
      idempotencyKey: string | null,
    ): Promise<{ credit: number }> {
      // An operator's money write must be safe to retry: it always carries its key.
      if (!idempotencyKey) throw badRequest("การปรับเครดิตต้องส่ง Idempotency-Key");
      const player = await userById(db, body.uuid);
      if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const accountId = await playerAccountId(db, body.uuid);
      const amount = toSatang(Math.abs(body.amount));
      try {
        return await db.transaction((tx) =>
          once(tx, { userId: admin.uuid, route: "adjust-credit", key: idempotencyKey, body }, async () => {
            const adjustments = houseShard(HOUSE.adjustments, accountId);
            const moved = await transfer(tx, {
              kind: body.amount > 0 ? "adjust.credit" : "adjust.debit",
              from: body.amount > 0 ? adjustments : { player: accountId },
              to: body.amount > 0 ? { player: accountId } : adjustments,
              amount,
              reference: `adjust:${body.uuid}`,
              actorId: admin.uuid,
              requestId: admin.requestId,
              note: body.note,
            });
            const after = moved.balances.get(accountId)!;
            // Derived from the movement itself: a separate read could see another adjustment's result.
            const before = body.amount > 0 ? after - amount : after + amount;
            await writeAudit(tx, {
              actorId: admin.uuid,
              action: "credit.adjust",
              target: `user:${body.uuid}`,
              before: { credit: satangToBaht(before) },
              after: { credit: satangToBaht(after), amount: body.amount, note: body.note },
            });
            return { credit: satangToBaht(after) };
          }),
        );
      } catch (e) {
        if (e instanceof InsufficientFunds) throw badRequest("เครดิตของผู้เล่นไม่พอสำหรับการหัก");
        throw e;
      }
    },

    async receivingBanks() {
      return repo.siteBanks(db, false);
    },

    async saveReceivingBank(admin: AuthUser, body: z.output<typeof wallet.adminSaveMyBank.body>) {
      await db.transaction(async (tx) => {
        const before = body.id ? (await repo.siteBanks(tx, false)).find((b) => Number(b.id) === body.id) : undefined;
        if (body.id && !before) throw notFound("ไม่พบบัญชีรับเงินนี้");
        const saved = await repo.saveSiteBank(tx, {
          id: body.id,
          bankCode: body.bankname,
          bankNo: body.bankno,
          accountName: body.bankaccounts,
          promptpayId: body.promptpay || null,
          active: body.active,
        });
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: "mybank.save",
          target: `mybank:${saved!.id}`,
          before: before ?? null,
          after: saved,
        });
      });
      return this.receivingBanks();
    },

    moneyLog(uuid: string, days: number): Promise<MoneyLog> {
      return moneyLogOf(db, uuid, days);
    },

    /** Looking players up reads their personal details: audited with the query and how many were found. */
    async findUsers(admin: AuthUser, query: string) {
      const rows = await repo.findUsers(db, query);
      await writeAudit(db, { actorId: admin.uuid, action: "player.search", after: { query, found: rows.length } });
      return rows;
    },

    async updateConfig(admin: AuthUser, config: z.output<typeof wallet.adminUpdateWalletConfig.body>) {
      await db.transaction(async (tx) => {
        const before = await readWalletConfig(tx);
        await writeWalletConfig(tx, config);
        await writeAudit(tx, { actorId: admin.uuid, action: "wallet.config", target: "site_config:wallet", before, after: config });
      });
      return readWalletConfig(db);
    },
  };
}

export type WalletService = ReturnType<typeof walletService>;
