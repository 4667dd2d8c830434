import type { BankCandidate, BankRecord } from "../../contract/bank";
import { satangToBaht } from "../../domain/money";
import { formatThaiDateTime } from "../../domain/thai-date";
import type { QueuedRecord } from "./service";

// The wire shapes of the bank's records (src/contract/bank.ts), built here at the edge.

const iso = (text: string) => new Date(text).toISOString();

export function bankRecordView({ record: r, candidates }: QueuedRecord): BankRecord {
  return {
    id: Number(r.id),
    channel: r.channel,
    site_bank_id: Number(r.site_bank_id),
    account: r.account,
    bank_ref: r.bank_ref,
    amount: satangToBaht(BigInt(r.amount)),
    time: iso(r.transferred_at),
    date_time: formatThaiDateTime(r.transferred_at),
    from_bank: r.from_bank,
    from_account: r.from_account,
    from_name: r.from_name,
    received_at: iso(r.received_at),
    state: r.state,
    reason: r.state === "waiting" ? ((r.reason as BankRecord["reason"]) ?? null) : null,
    matched:
      r.state === "matched" && r.pay_record_id !== null && r.transection !== null && r.user_id !== null
        ? {
            transection: r.transection,
            uuid: r.user_id,
            username: r.username ?? "",
            paynow_id: Number(r.pay_record_id),
            by: r.matched_by ?? "system",
            at: iso(r.matched_at!),
          }
        : null,
    returned: r.state === "returned" ? { reason: r.note ?? "", by: r.decided_by_name ?? "", at: iso(r.returned_at!) } : null,
    candidates: candidates.map(({ request: c, fit }): BankCandidate => ({
      transection: c.transection,
      uuid: c.user_id,
      username: c.username,
      amount: satangToBaht(BigInt(c.amount)),
      // An open request past its time is expired, whether or not the sweep has marked it yet.
      request_state: c.state === "open" && new Date(c.expires_at).getTime() <= Date.now() ? "expired" : c.state,
      created_at: iso(c.created_at),
      expires_at: iso(c.expires_at),
      sender_fits: fit.senderFits,
      in_window: fit.inWindow,
      same_account: fit.sameAccount,
    })),
  };
}
