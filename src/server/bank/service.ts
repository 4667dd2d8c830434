import type { z } from "zod";
import type { BankRecordInput, BankSettings, adminBankRecords } from "../../contract/bank";
import { type CandidateFit, candidateFit } from "../../domain/bank-match";
import { bahtToSatang } from "../../domain/money";
import { writeAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { badRequest, conflict, notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import { creditDepositRequest } from "../wallet/service";
import { readBankSettings, writeBankSettings } from "./config";
import { type IntakeResult, candidateOf, intakeRecords } from "./intake";
import * as repo from "./repository";

// Automatic deposits: the feed's intake, the operator's queue of records that did not match, and its settings
// (docs/decisions/045-automatic-deposits.md).

/** A record as the queue shows it: with the requests of its amount and how each compares. */
export interface QueuedRecord {
  record: repo.RecordRow;
  candidates: { request: repo.CandidateRow; fit: CandidateFit }[];
}

export function bankService(db: Db) {
  async function withCandidates(rows: repo.RecordRow[]): Promise<QueuedRecord[]> {
    const settings = await readBankSettings(db);
    const found = await repo.candidatesOfRecords(
      db,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((record) => ({
      record,
      candidates: found
        .filter((c) => c.record_id === record.id)
        .map((request) => ({
          request,
          fit: candidateFit(
            {
              siteBankId: Number(record.site_bank_id),
              sitePromptpayId: record.promptpay_id,
              amount: Number(record.amount),
              time: new Date(record.transferred_at),
              fromAccount: record.from_account,
            },
            candidateOf(request),
            settings.clockToleranceMinutes,
          ),
        })),
    }));
  }

  async function one(id: number): Promise<QueuedRecord> {
    const row = await repo.recordById(db, id);
    if (!row) throw notFound("ไม่พบรายการโอนนี้");
    return (await withCandidates([row]))[0]!;
  }

  function undecidable(row: repo.RecordRow) {
    return conflict(
      row.state === "matched" ? "รายการโอนนี้จับคู่และเติมเครดิตไปแล้ว ไม่มีการเปลี่ยนแปลง" : "รายการโอนนี้ทำเครื่องหมายคืนเงินไปแล้ว ไม่มีการเปลี่ยนแปลง",
    );
  }

  return {
    /**
     * A signed batch from a relay. Every receiving account is resolved before anything is written: an unknown one
     * refuses the whole batch, so a relay pointed at the wrong site or account stores nothing.
     */
    async feed(records: BankRecordInput[]): Promise<IntakeResult[]> {
      const numbers = [...new Set(records.map((r) => r.account))];
      const banks = await repo.siteBanksByNumber(db, numbers);
      const byNumber = new Map<string, number>();
      for (const b of banks) {
        const digits = b.bank_no.replace(/\D/g, "");
        if (!byNumber.has(digits)) byNumber.set(digits, Number(b.id));
      }
      const unknown = numbers.filter((n) => !byNumber.has(n));
      if (unknown.length > 0) {
        throw badRequest(
          `ไม่พบบัญชีรับเงิน ${unknown.join(", ")} ไม่ได้บันทึกรายการใด / unknown receiving account ${unknown.join(", ")}: nothing stored`,
        );
      }
      return intakeRecords(
        db,
        records.map((r) => ({
          siteBankId: byNumber.get(r.account)!,
          bankRef: r.bank_ref ?? null,
          amount: bahtToSatang(r.amount),
          time: new Date(r.time),
          fromBank: r.from_bank || null,
          fromAccount: r.from_account || null,
          fromName: r.from_name || null,
        })),
        "feed",
      );
    },

    async records(body: z.output<typeof adminBankRecords.body>): Promise<QueuedRecord[]> {
      return withCandidates(await repo.records(db, body.state, body.days));
    },

    /**
     * The operator's match: the chosen request's deposit approved through the wallet's one approval, in one
     * transaction with the record locked. An expired or cancelled request may be matched (the money did arrive);
     * a request already credited, or a record already decided, is refused.
     */
    async match(admin: AuthUser, body: { id: number; transection: string; reason: string }): Promise<QueuedRecord> {
      await db.transaction(async (tx) => {
        const row = await repo.recordById(tx, body.id, true);
        if (!row) throw notFound("ไม่พบรายการโอนนี้");
        if (row.state !== "waiting") throw undecidable(row);
        const [request] = (await repo.candidates(tx, [BigInt(row.amount)], new Date(row.transferred_at), false)).filter(
          (c) => c.transection === body.transection,
        );
        if (!request) throw badRequest("รายการขอฝากนี้ไม่มียอดตรงกับยอดโอน หรือห่างจากเวลาโอนเกิน 2 วัน");
        const credited = await creditDepositRequest(tx, body.transection, {
          actorId: admin.uuid,
          requestId: admin.requestId,
          paytime: new Date(row.transferred_at),
          bankCode: row.from_bank ?? "",
        });
        await repo.markMatched(tx, body.id, {
          payRecordId: credited.payRecordId,
          by: "operator",
          decidedBy: admin.uuid,
          note: body.reason,
        });
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: "bank.match",
          target: `bank-record:${body.id}`,
          before: { state: row.state, reason: row.reason },
          after: {
            by: "operator",
            paynow: credited.payRecordId,
            transection: body.transection,
            player: credited.userId,
            reason: body.reason,
          },
        });
      });
      return one(body.id);
    },

    /** Marked to be sent back to its sender: no player's transfer. */
    async markReturn(admin: AuthUser, body: { id: number; reason: string }): Promise<QueuedRecord> {
      await db.transaction(async (tx) => {
        const row = await repo.recordById(tx, body.id, true);
        if (!row) throw notFound("ไม่พบรายการโอนนี้");
        if (!(await repo.markReturned(tx, body.id, admin.uuid, body.reason))) throw undecidable(row);
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: "bank.return",
          target: `bank-record:${body.id}`,
          before: { state: row.state, reason: row.reason },
          after: { state: "returned", reason: body.reason },
        });
      });
      return one(body.id);
    },

    settings(): Promise<BankSettings> {
      return readBankSettings(db);
    },

    async updateSettings(admin: AuthUser, settings: BankSettings): Promise<BankSettings> {
      await db.transaction(async (tx) => {
        const before = await readBankSettings(tx);
        await writeBankSettings(tx, settings);
        await writeAudit(tx, { actorId: admin.uuid, action: "bank.settings", target: "site_config:bank", before, after: settings });
      });
      return readBankSettings(db);
    },
  };
}
