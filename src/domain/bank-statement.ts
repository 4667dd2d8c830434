// A bank's statement exported from internet banking as CSV, read with the columns the operator chose once
// per receiving account (the contract's StatementFormat), into the same records the signed feed gives
// (docs/decisions/045-automatic-deposits.md). Only money in is a record: a row with no amount, zero or a
// negative one (money out, or a withdrawal row whose deposit cell is empty) is skipped, not an error.

import { parseCsv } from "./csv";
import type { Satang } from "./money";

/** The part of a saved StatementFormat the reader needs (0-based column numbers). */
export interface StatementLayout {
  skipRows: number;
  columns: { date: number; time: number | null; amount: number; reference: number | null; sender: number | null };
}

/** One incoming transfer as the statement shows it. */
export interface StatementRecord {
  bankRef: string | null;
  amount: Satang;
  time: Date;
  /** The sender's account as the bank masks it ("X1234", "xxx-x-x1234-x"), when the sender cell has one. */
  fromAccount: string | null;
  /** The sender cell as written (the bank's description with the sender's name), when there is one. */
  fromName: string | null;
}

/** A data row that is money in: its record, or why it cannot be read (Thai, naming the line). */
export type StatementLine = { line: number; record: StatementRecord; error: null } | { line: number; record: null; error: string };

export type StatementReading = { ok: true; rows: StatementLine[] } | { ok: false; error: string };

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const BUDDHIST_ERA_OFFSET = 543;
// The contract's upper amount of one transfer (10 million baht), in satang.
const MAX_SATANG = 1_000_000_000;

export function parseStatement(csv: string, layout: StatementLayout): StatementReading {
  const read = parseCsv(csv);
  if (!read.ok) return { ok: false, error: `อ่านไฟล์ CSV ไม่ได้: ${read.error}` };
  const rows: StatementLine[] = [];
  for (const { line, cells } of read.lines.slice(layout.skipRows)) {
    if (cells.every((c) => c.trim() === "")) continue;
    const row = statementLine(cells, layout);
    if (row === "skip") continue;
    rows.push(typeof row === "string" ? { line, record: null, error: `บรรทัดที่ ${line}: ${row}` } : { line, record: row, error: null });
  }
  return { ok: true, rows };
}

/** A record, "skip" for a row that is not money in, or the reason (Thai) it cannot be read. */
function statementLine(cells: string[], layout: StatementLayout): StatementRecord | "skip" | string {
  const { columns } = layout;
  const cell = (n: number | null) => (n === null ? "" : (cells[n] ?? "").trim());
  const widest = Math.max(columns.date, columns.amount, columns.time ?? 0, columns.reference ?? 0, columns.sender ?? 0);
  const amount = parseStatementAmount(cell(columns.amount));
  if (amount === "skip") return "skip";
  if (cells.length <= widest) return `มี ${cells.length} คอลัมน์ แต่รูปแบบที่บันทึกไว้ใช้คอลัมน์ที่ ${widest + 1}`;
  if (amount === null) return `ยอดเงิน "${cell(columns.amount)}" ไม่ใช่ตัวเลขเงินบาท (เช่น 1,234.56)`;
  const time = parseStatementTime(cell(columns.date), cell(columns.time));
  if (typeof time === "string") return time;
  const ref = cell(columns.reference);
  const sender = cell(columns.sender).replace(/\s+/g, " ");
  return {
    bankRef: ref === "" ? null : ref.slice(0, 100),
    amount,
    time,
    fromAccount: maskedAccount(sender),
    fromName: sender === "" ? null : sender.slice(0, 100),
  };
}

/**
 * Baht as statements write it ("1,234.56", "1234.5", "+1,234.56") in satang; "skip" for an empty, zero or
 * negative amount ("-500.00", "(500.00)": money out); null for anything else.
 */
export function parseStatementAmount(text: string): Satang | "skip" | null {
  const t = text.replace(/\s/g, "");
  if (t === "" || t === "-") return "skip";
  if (/^-[\d,.]+$/.test(t) || /^\([\d,.]+\)$/.test(t)) return "skip";
  const m = /^\+?((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const whole = Number(m[1]!.replace(/,/g, ""));
  const satang = whole * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  if (satang === 0) return "skip";
  if (!Number.isSafeInteger(satang) || satang > MAX_SATANG) return null;
  return satang as Satang;
}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const HMS = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/;

/**
 * A transfer's instant from a date cell (dd/mm/yyyy or d/m/yy, Buddhist year when above 2400 and always in
 * two digits, as Thai banks print them: 28/11/69 is 2569, i.e. 2026; or yyyy-mm-dd) and its time, in its own
 * cell or after the date in one cell (hh:mm or hh:mm:ss), on Bangkok's clock (UTC+7). A Thai reason otherwise.
 */
export function parseStatementTime(dateCell: string, timeCell: string): Date | string {
  const [datePart = "", ...rest] = dateCell.trim().split(/[\sT]+/);
  const inlineTime = rest.join(" ");
  const day = parseDay(datePart);
  if (day === null) return `วันที่ "${dateCell}" ไม่ถูกต้อง (ใช้ วว/ดด/ปปปป หรือ ปปปป-ดด-วว)`;
  const timeText = timeCell.trim() !== "" ? timeCell.trim() : inlineTime;
  if (timeText === "") return `ไม่พบเวลาของรายการ (วันที่ "${dateCell}")`;
  const t = HMS.exec(timeText);
  const [hours, minutes, seconds] = t ? [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)] : [NaN, NaN, NaN];
  if (!t || hours > 23 || minutes > 59 || seconds > 59) return `เวลา "${timeText}" ไม่ถูกต้อง (ใช้ ชช:นน หรือ ชช:นน:วว)`;
  return new Date(Date.UTC(day.year, day.month - 1, day.day, hours, minutes, seconds) - BANGKOK_OFFSET_MS);
}

function parseDay(text: string): { year: number; month: number; day: number } | null {
  let year: number, month: number, day: number;
  const dmy = DMY.exec(text);
  const ymd = YMD.exec(text);
  if (dmy) {
    [day, month, year] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    // Thai banks print a two-digit year in the Buddhist era (69 = 2569).
    if (dmy[3]!.length === 2) year += 2500;
  } else if (ymd) {
    [year, month, day] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  } else return null;
  if (year > 2400) year -= BUDDHIST_ERA_OFFSET;
  if (year < 2000 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  // 31/04 or 29/02 of a common year roll over into the next month: not a real day.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The sender's masked account in a statement's description ("โอนเข้าจาก X1234 นายสมชาย" → "X1234"). */
function maskedAccount(sender: string): string | null {
  for (const token of sender.split(/[\s/:()]+/)) {
    if (/^[0-9xX*-]{4,30}$/.test(token) && (token.match(/\d/g) ?? []).length >= 3) return token;
  }
  return null;
}
