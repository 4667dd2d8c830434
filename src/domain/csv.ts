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
