import { type MatchCandidate, decideMatch, dedupeKey } from "../../domain/bank-match";
import type { Satang } from "../../domain/money";
import { writeAudit } from "../admin/audit";
import type { Db, Tx } from "../db/client";
import { ApiError } from "../http/errors";
import { creditDepositRequest } from "../wallet/service";
import { readBankSettings } from "./config";
import * as repo from "./repository";

// The one way a bank's record comes in, whichever channel brings it (the signed feed, a statement upload): the
// bank area's entry point for the other areas (docs/decisions/045-automatic-deposits.md).

export interface BankRecordIntake {
  siteBankId: number;
  bankRef: string | null;
  amount: Satang;
  time: Date;
  fromBank: string | null;
  fromAccount: string | null;
  fromName: string | null;
}

/**
 * Whether a transfer is credited by itself: a relay can reach the signed feed (its secret is set) and the
 * operator leaves automatic approval on. A statement upload alone credits only when the operator imports.
 */
export async function automaticDepositsOn(db: Db, feedSecret: string | undefined): Promise<boolean> {
  return !!feedSecret && (await readBankSettings(db)).autoApprove;
}

export interface IntakeResult {
  id: number;
  state: "waiting" | "matched" | "returned";
  duplicate: boolean;
}

/**
 * Stores each record once and, for a new one, matches it and approves the deposit, all in one transaction per
 * record: a crash anywhere leaves no record, so the relay's next delivery is a new one and credits once. A record
 * delivered again (or at the same moment: the unique key makes the second wait for the first's commit) answers
 * the stored row with duplicate: true and changes nothing.
 */
export async function intakeRecords(db: Db, records: BankRecordIntake[], channel: "feed" | "statement"): Promise<IntakeResult[]> {
  const results: IntakeResult[] = [];
  for (const record of records) results.push(await db.transaction((tx) => intakeOne(tx, record, channel)));
  return results;
}

async function intakeOne(tx: Tx, r: BankRecordIntake, channel: "feed" | "statement"): Promise<IntakeResult> {
  const key = dedupeKey({ bankRef: r.bankRef, time: r.time, amount: r.amount, fromAccount: r.fromAccount });
  const id = await repo.insertRecord(tx, {
    siteBankId: r.siteBankId,
    channel,
    bankRef: r.bankRef,
    dedupeKey: key,
    amount: BigInt(r.amount),
    transferredAt: r.time,
    fromBank: r.fromBank,
    fromAccount: r.fromAccount,
    fromName: r.fromName,
  });
  if (id === null) {
    const stored = (await repo.recordByKey(tx, r.siteBankId, key))!;
    return { id: Number(stored.id), state: stored.state, duplicate: true };
  }
  const state = await matchRecord(tx, id, r);
  return { id, state, duplicate: false };
}

export const candidateOf = (c: repo.CandidateRow): MatchCandidate & { transection: string } => ({
  id: Number(c.id),
  transection: c.transection,
  state: c.state,
  siteBankId: c.site_bank_id === null ? null : Number(c.site_bank_id),
  promptpayId: c.promptpay_id,
  createdAt: new Date(c.created_at),
  expiresAt: new Date(c.expires_at),
  playerBankNo: c.bank_no,
});

/** The new record's request, credited now when the rules allow; else the reason it waits. */
async function matchRecord(tx: Tx, id: number, r: BankRecordIntake): Promise<"waiting" | "matched"> {
  const settings = await readBankSettings(tx);
  const site = (await repo.siteBankOf(tx, r.siteBankId))!;
  const found = (await repo.candidates(tx, [BigInt(r.amount)], r.time, true)).map(candidateOf);
  const decision = decideMatch(
    { siteBankId: r.siteBankId, sitePromptpayId: site.promptpay_id, amount: r.amount, time: r.time, fromAccount: r.fromAccount },
    found,
    settings,
  );
  if (decision.kind === "wait") {
    await repo.setWaiting(tx, id, decision.reason);
    return "waiting";
  }
  try {
    // A savepoint: a refusal from the wallet (a request decided meanwhile) leaves the record stored and waiting.
    await tx.transaction(async (sp) => {
      const credited = await creditDepositRequest(sp, decision.candidate.transection, {
        actorId: null,
        by: "bank",
        paytime: r.time,
        bankCode: r.fromBank ?? "",
      });
      await repo.markMatched(sp, id, { payRecordId: credited.payRecordId, by: "system", decidedBy: null, note: null });
      await writeAudit(sp, {
        actorId: null,
        action: "bank.match",
        target: `bank-record:${id}`,
        after: { by: "system", paynow: credited.payRecordId, transection: decision.candidate.transection, player: credited.userId },
      });
    });
    return "matched";
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    await repo.setWaiting(tx, id, "request_not_open");
    return "waiting";
  }
}
