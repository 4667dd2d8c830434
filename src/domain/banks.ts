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
