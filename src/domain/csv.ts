// CSV for the downloads players and operators open in a spreadsheet program (the player's statement, the
// back office's report): a BOM first so Excel reads the Thai headings as UTF-8, CRLF line ends, numbers
// with two decimals, quotes where a cell needs them.

/** Each column: the row field it shows and its heading. */
export type CsvColumns<Row> = ReadonlyArray<readonly [keyof Row, string]>;

/** A text cell quoted where needed; one starting like a formula (= + - @) is kept as text. */
function textCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<Row extends { [K in keyof Row]: string | number }>(columns: CsvColumns<Row>, rows: readonly Row[]): string {
  const cell = (v: string | number) => (typeof v === "number" ? v.toFixed(2) : textCell(v));
  const lines = [
    columns.map(([, heading]) => textCell(heading)).join(","),
    ...rows.map((r) => columns.map(([key]) => cell(r[key])).join(",")),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** One record of a CSV file read back: its cells and the 1-based line it starts on (a quoted cell may span lines). */
export interface CsvLine {
  line: number;
  cells: string[];
}

export type CsvReading = { ok: true; lines: CsvLine[] } | { ok: false; line: number; error: string };

/**
 * Reads CSV as RFC 4180 writes it and as banks' internet-banking exports do: a UTF-8 BOM, CRLF or LF,
 * quoted cells holding commas, quotes ("") and line breaks. A stray quote inside an unquoted cell is kept
 * as text (spreadsheet programs write those); a quoted cell never closed, or text after its closing quote,
 * makes the whole file unreadable, since every later cell would shift.
 */
export function parseCsv(text: string): CsvReading {
  const lines: CsvLine[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = "";
      if (text[i] === '"') {
        const opened = line;
        i++;
        for (;;) {
          if (i >= text.length) return { ok: false, line: opened, error: `บรรทัดที่ ${opened}: เครื่องหมายคำพูด (") ไม่มีตัวปิด` };
          const c = text[i]!;
          if (c === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === "\n") line++;
          cell += c;
          i++;
        }
        if (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
          return { ok: false, line, error: `บรรทัดที่ ${line}: มีข้อความต่อท้ายหลังเครื่องหมายคำพูดปิด` };
        }
      } else {
        while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") cell += text[i++];
      }
      cells.push(cell);
      if (text[i] === ",") {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === "\r") i++;
    if (text[i] === "\n") i++;
    lines.push({ line: start, cells });
    line++;
  }
  return { ok: true, lines };
}
