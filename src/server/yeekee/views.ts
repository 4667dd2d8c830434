import { satangToBaht } from "../../domain/money";
import { formatThaiDateTime } from "../../domain/thai-date";
import type { LuckyRow } from "./service";

/** A player's name as other players see it beside a shot or a reward. */
export function mask(username: string): string {
  return username.length <= 3 ? `${username[0] ?? ""}***` : `${username.slice(0, 3)}***`;
}

export function luckyView(x: LuckyRow) {
  return {
    activityid: Number(x.round_id),
    position: x.position as 1 | 16,
    label: x.position === 1 ? "ลำดับที่ 1" : "ลำดับที่ 16",
    username: mask(x.username),
    number: x.number,
    amount: satangToBaht(BigInt(x.amount)),
    paid: x.paid,
    date_time: formatThaiDateTime(x.created_at),
  };
}
