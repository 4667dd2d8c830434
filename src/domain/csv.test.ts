import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import { statementCsv } from "./rg";

describe("CSV downloads", () => {
  it("start with a BOM and Thai headings, end lines with CRLF, write money with two decimals", () => {
    const csv = toCsv(
      [
        ["day", "วันที่"],
        ["stakes", "ยอดแทง (บาท)"],
      ],
      [{ day: "2026-11-23", stakes: 1234.5 }],
    );
    expect(csv).toBe("\uFEFFวันที่,ยอดแทง (บาท)\r\n2026-11-23,1234.50\r\n");
  });

  it("quote commas and quotes, and keep a cell that looks like a formula as text", () => {
    const csv = toCsv([["name", "ชื่อ"]], [{ name: 'หวย "ฮานอย", พิเศษ' }, { name: "=HYPERLINK(1)" }, { name: "-5" }]);
    expect(csv.split("\r\n").slice(1, 4)).toEqual(['"หวย ""ฮานอย"", พิเศษ"', "'=HYPERLINK(1)", "'-5"]);
  });

  it("the player's statement is written by the same writer", () => {
    const row = { period: "2026-11", deposits: 100, withdrawals: 0, stakes: 50.5, wins: 0, commission: 0, points: 3 };
    expect(statementCsv([row])).toBe(
      "\uFEFFช่วงเวลา,ฝาก (บาท),ถอน (บาท),แทง (บาท),ได้รับรางวัล (บาท),ค่าแนะนำ (บาท),แต้มที่ได้\r\n2026-11,100.00,0.00,50.50,0.00,0.00,3.00\r\n",
    );
  });
});
