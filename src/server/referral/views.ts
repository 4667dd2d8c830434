import type { z } from "zod";
import type { referral } from "../../contract";
import { satangToBaht } from "../../domain/money";
import { maskUsername } from "../../domain/referral";
import { formatThaiDateTime } from "../../domain/thai-date";
import type * as repo from "./repository";
import type { ReferralService } from "./service";

// The referral replies (docs/decisions/040): the specification's names, money in baht, friends masked.

const iso = (d: Date | string) => new Date(d).toISOString();
const bahtOf = (satang: string | bigint) => satangToBaht(BigInt(satang));
type Reply<K extends keyof typeof referral> = (typeof referral)[K] extends { response: infer R }
  ? R extends z.ZodType
    ? z.input<R>
    : never
  : never;
type Result<K extends keyof ReferralService> = Awaited<ReturnType<ReferralService[K]>>;

export function relationshipView(r: Result<"relationship">): Reply<"getRelationship"> {
  return {
    status: "Success",
    childrenlist: r.friends.map((f) => ({
      username: maskUsername(f.username),
      joined_at: iso(f.created_at),
      last_active_at: f.last_active_at ? iso(f.last_active_at) : null,
      stake_month: bahtOf(f.stake_month),
    })),
    level2_count: r.level2,
  };
}

export function totalsView({ totals: t, affiliate, debt }: Result<"totals">): Reply<"getTottalPostdigitPriceChildren"> {
  return {
    status: "Success",
    stake: { today: bahtOf(t.stake_today), month: bahtOf(t.stake_month), all: bahtOf(t.stake_all) },
    commission: { today: bahtOf(t.commission_today), month: bahtOf(t.commission_month), all: bahtOf(t.commission_all) },
    affiliate_credit: satangToBaht(affiliate),
    debt: satangToBaht(debt),
  };
}

export function commissionDayView(r: Awaited<ReturnType<typeof repo.commissionByDay>>[number]) {
  return {
    date: r.date,
    level: Number(r.level),
    stake: bahtOf(r.stake),
    commission: bahtOf(r.commission),
    rate_bp: Number(((Number(r.commission) * 10_000) / Number(r.stake)).toFixed(2)),
  };
}

export function afWithdrawalView(w: Awaited<ReturnType<typeof repo.afWithdrawals>>[number]) {
  return {
    id: Number(w.id),
    amount: bahtOf(w.amount),
    note: w.note,
    date_time: formatThaiDateTime(w.created_at),
    created_at: iso(w.created_at),
  };
}

export function treeView(t: Result<"tree">): Reply<"adminReferralTree"> {
  return {
    status: "Success",
    username: t.player.username,
    referrer: t.referrer ? { uuid: t.referrer.id, username: t.referrer.username } : null,
    friends: t.friends.map((f) => ({
      uuid: f.id,
      username: f.username,
      level: Number(f.level),
      joined_at: iso(f.created_at),
      stake_all: bahtOf(f.stake_all),
    })),
    commissions: t.commissions.map((c) => ({
      slip_id: Number(c.slip_id),
      round_id: Number(c.round_id),
      level: Number(c.level),
      friend: c.friend,
      stake: bahtOf(c.stake),
      commission: bahtOf(c.amount),
      created_at: iso(c.created_at),
      reversed_at: c.reversed_at ? iso(c.reversed_at) : null,
    })),
    affiliate_credit: satangToBaht(t.affiliate),
    debt: satangToBaht(t.debt),
  };
}
