import type { z } from "zod";
import type { wallet } from "../../contract";
import type { BankCode } from "../../domain/banks";
import { satangToBaht } from "../../domain/money";
import { promptPayPayload } from "../../domain/promptpay";
import { formatThaiDateTime } from "../../domain/thai-date";
import type * as repo from "./repository";
import type { MoneyLog, OpenDepositRequest } from "./service";

// The wire shapes of the wallet's records (the specification's names) are built here, at the edge.

type PayRecordView = z.infer<typeof wallet.PayRecord>;
type WithdrawalView = z.infer<typeof wallet.Withdrawal>;
type DepositRequestView = z.infer<typeof wallet.DepositRequestRecord>;
type LogLineView = z.infer<typeof wallet.LogLine>;
type FoundUserView = z.infer<typeof wallet.adminFindUser.response>["users"][number];

export function depositRequestView(r: repo.DepositRequestRow): DepositRequestView {
  return {
    id: Number(r.id),
    amount: satangToBaht(BigInt(r.amount)),
    transection: r.transection,
    state: r.state,
    expiresAt: new Date(r.expires_at).toISOString(),
    date_time: formatThaiDateTime(r.created_at),
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function payRecordView(r: repo.PayRecordRow): PayRecordView {
  return {
    id: Number(r.id),
    uuid: r.user_id,
    username: r.username,
    amount: satangToBaht(BigInt(r.amount)),
    paytime: new Date(r.paytime).toISOString(),
    comment: r.comment,
    bankname: r.bank_code as BankCode,
    transection: r.transection,
    status: r.status,
    subsidy_status: r.subsidy_status,
    hasSlip: r.has_slip,
    date_time: formatThaiDateTime(r.created_at),
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** A report in the operator's queue: the report and the player's bank as registered. */
export function queuedPayRecordView(r: repo.QueuedPayRecordRow): z.input<typeof wallet.AdminPayRecord> {
  return {
    ...payRecordView(r),
    player_bank: { bankname: r.player_bank_code as BankCode | null, bankno: r.player_bank_no, bankaccounts: r.player_bank_account_name },
  };
}

export function withdrawalView(r: repo.WithdrawalRow): WithdrawalView {
  return {
    id: Number(r.id),
    uuid: r.user_id,
    username: r.username,
    amount: satangToBaht(BigInt(r.amount)),
    note: r.note,
    bankname: r.bank_code as BankCode,
    bankno: r.bank_no,
    bankaccounts: r.bank_account_name,
    status: r.status,
    date_time: formatThaiDateTime(r.created_at),
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function bankView(b: repo.SiteBankRow) {
  return {
    id: Number(b.id),
    bankname: b.bank_code as BankCode,
    bankno: b.bank_no,
    bankaccounts: b.account_name,
    promptpay: b.promptpay_id,
    active: b.active,
  };
}

/** What gent-amount answers (and the open request read back): the account, and the QR of exactly the amount. */
export function openDepositRequestView(r: OpenDepositRequest): z.infer<typeof wallet.OpenDepositRequest> {
  return {
    amount: r.amount,
    transection: r.transection,
    expiresAt: r.expiresAt.toISOString(),
    bank: r.bank ? bankView(r.bank) : null,
    qrPayload: r.promptpayId ? promptPayPayload(r.promptpayId, r.amount) : null,
  };
}

export function logLineView(r: repo.LogRow): LogLineView {
  return {
    id: Number(r.id),
    kind: r.kind,
    amount: satangToBaht(BigInt(r.amount)),
    balance_after: satangToBaht(BigInt(r.balance_after)),
    reference: r.reference,
    note: r.note,
    date_time: formatThaiDateTime(r.created_at),
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function moneyLogView(log: MoneyLog): z.input<typeof wallet.adminGetLog.response> {
  return { status: "Success", username: log.player.username, credit: satangToBaht(log.balance), logArr: log.entries.map(logLineView) };
}

export function foundUserView(r: Awaited<ReturnType<typeof repo.findUsers>>[number]): FoundUserView {
  return {
    uuid: r.id,
    username: r.username,
    phonenumber: r.phone,
    name: r.bank_account_name,
    bankno: r.bank_no,
    state: r.state,
    credit: satangToBaht(BigInt(r.balance ?? 0)),
  };
}

/** A transfer slip as the back office shows it: a data URL of the stored image. */
export function slipDataUrl(r: { slip: Buffer | null; slip_type: string | null }): string | null {
  return r.slip ? `data:image/${r.slip_type};base64,${Buffer.from(r.slip).toString("base64")}` : null;
}
