import type { z } from "zod";
import type { wallet } from "../../contract";
import type { BankCode } from "../../domain/banks";
import { satangToBaht } from "../../domain/money";
import { formatThaiDateTime } from "../../domain/thai-date";
import type * as repo from "./repository";

// The wire shapes of the wallet's records (the specification's names) are built here, at the edge.

type PayRecordView = z.infer<typeof wallet.PayRecord>;
type WithdrawalView = z.infer<typeof wallet.Withdrawal>;
type DepositRequestView = z.infer<typeof wallet.DepositRequestRecord>;

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

