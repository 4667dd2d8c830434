export const BANK_CODES = ["kbank", "ktb", "krungsri", "scb", "uob", "ttb", "bbl", "baac", "gsb"] as const;

export type BankCode = (typeof BANK_CODES)[number];

export interface Bank {
  code: BankCode;
  thaiName: string;
  logo: string;
}

function bank(code: BankCode, thaiName: string): Bank {
  return { code, thaiName, logo: `/images/banks/${code}.svg` };
}

export const BANKS: Readonly<Record<BankCode, Bank>> = {
  kbank: bank("kbank", "ธนาคารกสิกรไทย"),
  ktb: bank("ktb", "ธนาคารกรุงไทย"),
  krungsri: bank("krungsri", "ธนาคารกรุงศรีอยุธยา"),
  scb: bank("scb", "ธนาคารไทยพาณิชย์"),
  uob: bank("uob", "ธนาคารยูโอบี"),
  ttb: bank("ttb", "ธนาคารทหารไทยธนชาต"),
  bbl: bank("bbl", "ธนาคารกรุงเทพ"),
  baac: bank("baac", "ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร"),
  gsb: bank("gsb", "ธนาคารออมสิน"),
};

export function isBankCode(x: string): x is BankCode {
  return (BANK_CODES as readonly string[]).includes(x);
}

export function bankThaiName(code: BankCode): string {
  return BANKS[code].thaiName;
}

export function bankCodeFromThaiName(name: string): BankCode | null {
  const wanted = name.trim();
  return BANK_CODES.find((code) => BANKS[code].thaiName === wanted) ?? null;
}

const withoutSpaces = (s: string) => s.replace(/\s+/g, "");

/**
 * A bank as a client names it: its code in any case ("KBank"), or its Thai name with or without the word
 * ธนาคาร and its spaces ("กสิกรไทย", "ธนาคาร กสิกรไทย"); the original client maps codes to Thai names and
 * may send either. Null when it names no bank of the list.
 */
export function bankCodeOf(text: string): BankCode | null {
  const code = text.trim().toLowerCase();
  if (isBankCode(code)) return code;
  const name = withoutSpaces(text).replace(/^ธนาคาร/, "");
  if (name.length === 0) return null;
  return BANK_CODES.find((c) => withoutSpaces(BANKS[c].thaiName).replace(/^ธนาคาร/, "") === name) ?? null;
}
