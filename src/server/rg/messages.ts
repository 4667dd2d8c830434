import { formatMoney, satangToBaht } from "../../domain/money";
import { LIMIT_KIND_LABELS, LIMIT_PERIOD_LABELS, type LimitKind, type LimitPeriod } from "../../domain/rg";
import { formatThaiDateTime } from "../../domain/thai-date";

// The responsible-play refusals in Thai, the same wherever they are met (bets, games, deposits).

export const RG_REALITY_MESSAGE = "กรุณาตอบการเตือนเวลาเล่นก่อนแทงต่อ";

export function rgClosedMessage(until: string | Date): string {
  return `บัญชีของคุณอยู่ในช่วงพักการเล่น (ถึง ${formatThaiDateTime(until)}) แทง เล่นเกม หรือฝากเงินไม่ได้ ถอนเงินได้ตามปกติ`;
}

export function rgLimitMessage(kind: LimitKind, period: LimitPeriod, leftSatang: bigint): string {
  const left = formatMoney(satangToBaht(leftSatang));
  const what = kind === "deposit" ? "ฝากได้อีก" : kind === "stake" ? "แทงได้อีก" : "เสียได้อีก";
  return `เกินวงเงิน${LIMIT_KIND_LABELS[kind]}${LIMIT_PERIOD_LABELS[period]}ที่คุณตั้งไว้ ${what} ${left} บาท`;
}
