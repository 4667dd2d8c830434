import { formatThaiDate } from "../../../domain/thai-date";

/** A server timestamp as a Thai date ("5 ม.ค. 2569"); text that is not a timestamp is shown as it came. */
export function showDate(value: string): string {
  return Number.isFinite(Date.parse(value)) ? formatThaiDate(value) : value;
}
