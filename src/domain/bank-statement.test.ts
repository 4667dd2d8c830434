import { describe, expect, it } from "vitest";
import { parseStatement, parseStatementAmount, parseStatementTime, type StatementLayout } from "./bank-statement";
import { parseCsv } from "./csv";

// As K-Biz exports it: title lines, a header, the date and time in one cell with a two-digit Buddhist year,
// withdrawals and deposits in separate columns, the sender in the description.
const KBANK = [
  "\uFEFFรายการเดินบัญชีเงินฝากออมทรัพย์",
  "เลขที่บัญชี,123-4-56789-0",
  'ชื่อบัญชี,"บจก. ลอตโต้ ไทย"',
  "ช่วงวันที่,01/11/2569 - 28/11/2569",
  "วันที่ เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,ช่องทาง,รายละเอียด",
  '28/11/69 14:03,รับโอนเงิน,,"1,000.47","25,000.47",K PLUS,โอนเข้าจาก X1234 นาย สมชาย ใจดี',
  '28/11/69 14:05,โอนเงิน,"5,000.00",,"20,000.47",K PLUS,"โอนไปยัง X9999 บจก. ""ตัวอย่าง"", สาขา 1"',
  "28/11/69 14:09:30,รับโอนเงิน,,500.3,20500.77,ATM,",
  '28/11/69 14:12,รับโอนเงิน,,"+2,345.00",22845.77,K PLUS,"จาก SCB X5678',
  'นาง สมหญิง"',
  "",
].join("\r\n");
const KBANK_LAYOUT: StatementLayout = { skipRows: 5, columns: { date: 0, time: null, amount: 3, reference: null, sender: 6 } };

// As SCB Business Net exports it: a four-digit Buddhist year, the time in its own column, a reference.
const SCB = [
  "วันที่,เวลา,รหัสอ้างอิง,รายการ,ฝาก,ถอน,คงเหลือ,รายละเอียด",
  "28/11/2569,09:15:02,202611280915AB12,X1,1500.25,,1500.25,กสิกรไทย (KBANK) /X7788",
  "28/11/2569,09:20,202611280920CD34,X2,,200.00,1300.25,",
  "28/11/2569,09:30,202611280930EF56,X1,0.00,,1300.25,ปรับปรุงรายการ",
].join("\n");
const SCB_LAYOUT: StatementLayout = { skipRows: 1, columns: { date: 0, time: 1, amount: 4, reference: 2, sender: 7 } };

describe("reading a bank's statement", () => {
  it("reads a KBank-like export: Buddhist two-digit years, time in the date cell, money in only", () => {
    const read = parseStatement(KBANK, KBANK_LAYOUT);
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          line: 6,
          error: null,
          record: {
            bankRef: null,
            amount: 100047,
            time: new Date("2026-11-28T07:03:00Z"),
            fromAccount: "X1234",
            fromName: "โอนเข้าจาก X1234 นาย สมชาย ใจดี",
          },
        },
        {
          line: 8,
          error: null,
          record: { bankRef: null, amount: 50030, time: new Date("2026-11-28T07:09:30Z"), fromAccount: null, fromName: null },
        },
        {
          line: 9,
          error: null,
          record: {
            bankRef: null,
            amount: 234500,
            time: new Date("2026-11-28T07:12:00Z"),
            fromAccount: "X5678",
            fromName: "จาก SCB X5678 นาง สมหญิง",
          },
        },
      ],
    });
  });

  it("reads an SCB-like export: four-digit Buddhist year, time and reference in their own columns", () => {
    const read = parseStatement(SCB, SCB_LAYOUT);
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          error: null,
          record: {
            bankRef: "202611280915AB12",
            amount: 150025,
            time: new Date("2026-11-28T02:15:02Z"),
            fromAccount: "X7788",
            fromName: "กสิกรไทย (KBANK) /X7788",
          },
        },
      ],
    });
  });

  it("names the line of a row whose date, time or amount cannot be read, and keeps reading the others", () => {
    const csv = [
      "วันที่,เวลา,ยอด",
      "31/04/2569,10:00,100.00",
      "2026-13-01,10:00,100.00",
      "28-11-2026x,10:00,100.00",
      "28/11/2569,25:00,100.00",
      "28/11/2569,,100.00",
      "28/11/2569,10:00,12.345",
      "28/11/2569,10:00,1.234.00",
      "28/11/2569,10:00,abc",
      "28/11/2569,10:00,-100.00",
      "29/02/2024,10:00,100.00",
    ].join("\n");
    const read = parseStatement(csv, { skipRows: 1, columns: { date: 0, time: 1, amount: 2, reference: null, sender: null } });
    if (!read.ok) throw new Error(read.error);
    expect(read.rows.map((r) => [r.line, r.error])).toEqual([
      [2, 'บรรทัดที่ 2: วันที่ "31/04/2569" ไม่ถูกต้อง (ใช้ วว/ดด/ปปปป หรือ ปปปป-ดด-วว)'],
      [3, 'บรรทัดที่ 3: วันที่ "2026-13-01" ไม่ถูกต้อง (ใช้ วว/ดด/ปปปป หรือ ปปปป-ดด-วว)'],
      [4, 'บรรทัดที่ 4: วันที่ "28-11-2026x" ไม่ถูกต้อง (ใช้ วว/ดด/ปปปป หรือ ปปปป-ดด-วว)'],
      [5, 'บรรทัดที่ 5: เวลา "25:00" ไม่ถูกต้อง (ใช้ ชช:นน หรือ ชช:นน:วว)'],
      [6, 'บรรทัดที่ 6: ไม่พบเวลาของรายการ (วันที่ "28/11/2569")'],
      [7, 'บรรทัดที่ 7: ยอดเงิน "12.345" ไม่ใช่ตัวเลขเงินบาท (เช่น 1,234.56)'],
      [8, 'บรรทัดที่ 8: ยอดเงิน "1.234.00" ไม่ใช่ตัวเลขเงินบาท (เช่น 1,234.56)'],
      [9, 'บรรทัดที่ 9: ยอดเงิน "abc" ไม่ใช่ตัวเลขเงินบาท (เช่น 1,234.56)'],
      [11, null],
    ]);
    expect(read.rows[8]!.record!.time).toEqual(new Date("2024-02-29T03:00:00Z"));
  });

  it("says so when a row has fewer columns than the saved format uses", () => {
    const read = parseStatement("28/11/2569,10:00,100.00\n", {
      skipRows: 0,
      columns: { date: 0, time: 1, amount: 2, reference: 5, sender: null },
    });
    expect(read).toEqual({ ok: true, rows: [{ line: 1, record: null, error: "บรรทัดที่ 1: มี 3 คอลัมน์ แต่รูปแบบที่บันทึกไว้ใช้คอลัมน์ที่ 6" }] });
  });

  it("refuses a file whose quotes are broken, naming the line", () => {
    expect(parseStatement('วันที่,ยอด\n28/11/2569 10:00,"100.00\n', { ...KBANK_LAYOUT, skipRows: 1 })).toEqual({
      ok: false,
      error: 'อ่านไฟล์ CSV ไม่ได้: บรรทัดที่ 2: เครื่องหมายคำพูด (") ไม่มีตัวปิด',
    });
  });
});

describe("a statement's amounts", () => {
  it("are baht with satang, grouped or not, in satang", () => {
    expect(parseStatementAmount("1,234.56")).toBe(123456);
    expect(parseStatementAmount("1234.5")).toBe(123450);
    expect(parseStatementAmount("+1,234.56")).toBe(123456);
    expect(parseStatementAmount(" 1,234,567 ")).toBe(123456700);
    expect(parseStatementAmount("0.01")).toBe(1);
  });

  it("money out or nothing is skipped, not an error", () => {
    for (const t of ["", " ", "-", "0", "0.00", "-1,000.00", "(500.00)"]) expect(parseStatementAmount(t)).toBe("skip");
  });

  it("anything else is unreadable", () => {
    for (const t of ["1,23.00", "12.345", "1.2.3", "฿100", "100฿x", "1e3", "20,000,000.00"]) expect(parseStatementAmount(t)).toBeNull();
  });
});

describe("a statement's dates and times, on Bangkok's clock", () => {
  it("Buddhist years above 2400 and two-digit years are the Buddhist era", () => {
    expect(parseStatementTime("28/11/2569", "14:03")).toEqual(new Date("2026-11-28T07:03:00Z"));
    expect(parseStatementTime("28/11/69", "14:03")).toEqual(new Date("2026-11-28T07:03:00Z"));
    expect(parseStatementTime("1/2/69 0:05", "")).toEqual(new Date("2026-01-31T17:05:00Z"));
  });

  it("Christian years and ISO dates, the time in its own cell winning over one in the date cell", () => {
    expect(parseStatementTime("28/11/2026", "14:03:09")).toEqual(new Date("2026-11-28T07:03:09Z"));
    expect(parseStatementTime("2026-11-28", "14.03")).toEqual(new Date("2026-11-28T07:03:00Z"));
    expect(parseStatementTime("2569-11-28 14:03", "")).toEqual(new Date("2026-11-28T07:03:00Z"));
    expect(parseStatementTime("28/11/2569 09:00", "14:03")).toEqual(new Date("2026-11-28T07:03:00Z"));
  });
});

describe("reading CSV", () => {
  it("keeps commas, doubled quotes and line breaks inside quotes, and the line each record starts on", () => {
    expect(parseCsv('\uFEFFa,"b,1","c ""d""\r\ne"\r\nf,,\r\n')).toEqual({
      ok: true,
      lines: [
        { line: 1, cells: ["a", "b,1", 'c "d"\r\ne'] },
        { line: 3, cells: ["f", "", ""] },
      ],
    });
  });

  it("refuses text after a closing quote", () => {
    expect(parseCsv('a,"b"c\n')).toEqual({ ok: false, line: 1, error: "บรรทัดที่ 1: มีข้อความต่อท้ายหลังเครื่องหมายคำพูดปิด" });
  });
});
