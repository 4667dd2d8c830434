import type { Slip } from "../../contract/betting";
import { isYeekeeGroup, type LottoListItem } from "../../contract/lottery";
import { bangkokDateKey, formatThaiDrawDate } from "../../domain/thai-date";

/** The owner may cancel an accepted slip while its round still takes bets. */
export function canCancel(slip: Slip, now: number): boolean {
  return slip.status === "active" && slip.roundStatus === "open" && now < Date.parse(slip.timestop);
}

/** "รอบที่ 15" for yeekee rounds (known from the lotto list), otherwise "งวด 16 มีนาคม 2569". */
export function slipRoundLabel(
  slip: Pick<Slip, "configID" | "round_no" | "draw_date">,
  groups: ReadonlyMap<string, LottoListItem["group"]>,
): string {
  const group = groups.get(slip.configID);
  const yeekee = group !== undefined ? isYeekeeGroup(group) : slip.configID.startsWith("yeekee");
  if (yeekee) return `รอบที่ ${slip.round_no}`;
  try {
    return `งวด ${formatThaiDrawDate(slip.draw_date)}`;
  } catch {
    return `งวด ${slip.draw_date}`;
  }
}

export interface SlipDay {
  dateKey: string;
  label: string;
  slips: Slip[];
}

/** Slips grouped by the Bangkok date they were placed, newest day and newest slip first. */
export function groupByDay(slips: readonly Slip[]): SlipDay[] {
  const days = new Map<string, Slip[]>();
  const sorted = [...slips].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.master_id - a.master_id);
  for (const s of sorted) {
    const key = bangkokDateKey(s.created_at);
    const list = days.get(key);
    if (list) list.push(s);
    else days.set(key, [s]);
  }
  return [...days].map(([dateKey, list]) => ({ dateKey, label: formatThaiDrawDate(dateKey), slips: list }));
}
