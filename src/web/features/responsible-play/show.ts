import { baht, formatMoney } from "../../../domain/money";
import { formatThaiDate, formatThaiDrawDate, formatTime, THAI_MONTHS, toBuddhistYear } from "../../../domain/thai-date";

// How the responsible-play pages write times, spans and money in Thai.

/** "12 มีนาคม 2569 14:30 น." (Bangkok). */
export function showWhen(at: string): string {
  return `${formatThaiDate(at)} ${formatTime(at).slice(0, 5)} น.`;
}

/** A span of time in hours and minutes: "1 ชั่วโมง 5 นาที", "ไม่ถึง 1 นาที". */
export function showSpan(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "ไม่ถึง 1 นาที";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} นาที`;
  return rest === 0 ? `${hours} ชั่วโมง` : `${hours} ชั่วโมง ${rest} นาที`;
}

export const showBaht = (amount: number) => `${formatMoney(baht(amount))} ฿`;

/** A result with its sign: "+120 ฿" when ahead, "-50 ฿" when behind. */
export const showNet = (amount: number) => `${amount > 0 ? "+" : ""}${formatMoney(baht(amount))} ฿`;

/** A statement period: "YYYY-MM" as "มีนาคม 2569", "YYYY-MM-DD" as "5 มีนาคม 2569". */
export function showPeriod(period: string): string {
  if (period.length > 7) return formatThaiDrawDate(period);
  const [year, month] = period.split("-").map(Number);
  return `${THAI_MONTHS[(month ?? 1) - 1]} ${toBuddhistYear(year ?? 0)}`;
}
