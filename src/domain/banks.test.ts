import { describe, it, expect } from "vitest";
import { BANKS, BANK_CODES, FIRST_BANKS, bankCodeFromThaiName, bankCodeOf, bankThaiName, isBankCode } from "./banks";

describe("banks", () => {
  it("lists the specification's nine banks first, in its order, then the others players use", () => {
    expect(BANK_CODES.slice(0, 9)).toEqual(["kbank", "ktb", "krungsri", "scb", "uob", "ttb", "bbl", "baac", "gsb"]);
    expect(FIRST_BANKS).toEqual(BANK_CODES.slice(0, 9));
    expect(BANK_CODES.slice(9)).toEqual(["cimb", "kkp", "lhb", "ghb", "tisco", "ibank", "tcrb", "truemoney"]);
    expect(Object.keys(BANKS).sort()).toEqual([...BANK_CODES].sort());
  });

  it("gives each bank its official Thai name and logo path", () => {
    expect(bankThaiName("kbank")).toBe("ธนาคารกสิกรไทย");
    expect(bankThaiName("ktb")).toBe("ธนาคารกรุงไทย");
    expect(bankThaiName("krungsri")).toBe("ธนาคารกรุงศรีอยุธยา");
    expect(bankThaiName("scb")).toBe("ธนาคารไทยพาณิชย์");
    expect(bankThaiName("uob")).toBe("ธนาคารยูโอบี");
    expect(bankThaiName("ttb")).toBe("ธนาคารทหารไทยธนชาต");
    expect(bankThaiName("bbl")).toBe("ธนาคารกรุงเทพ");
    expect(bankThaiName("baac")).toBe("ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร");
    expect(bankThaiName("gsb")).toBe("ธนาคารออมสิน");
    expect(bankThaiName("cimb")).toBe("ธนาคารซีไอเอ็มบี ไทย");
    expect(bankThaiName("ghb")).toBe("ธนาคารอาคารสงเคราะห์");
    expect(bankThaiName("truemoney")).toBe("ทรูมันนี่ วอลเล็ท");
    expect(BANKS.truemoney.kind).toBe("wallet");
    expect(BANKS.cimb.kind).toBe("bank");
    expect(BANKS.scb.logo).toBe("/images/banks/scb.svg");
    expect(BANKS.krungsri.code).toBe("krungsri");
  });

  it.each(BANK_CODES)("round-trips %s through its Thai name", (code) => {
    expect(bankCodeFromThaiName(bankThaiName(code))).toBe(code);
    expect(BANKS[code].logo).toBe(`/images/banks/${code}.svg`);
  });

  it("has no two banks with the same Thai name", () => {
    const names = BANK_CODES.map(bankThaiName);
    expect(new Set(names).size).toBe(BANK_CODES.length);
  });

  it("ignores surrounding whitespace and returns null for unknown names", () => {
    expect(bankCodeFromThaiName("  ธนาคารออมสิน ")).toBe("gsb");
    expect(bankCodeFromThaiName("ธนาคารกรุง")).toBeNull();
    expect(bankCodeFromThaiName("")).toBeNull();
    expect(bankCodeFromThaiName("kbank")).toBeNull();
  });

  it("recognises bank codes", () => {
    expect(isBankCode("kbank")).toBe(true);
    expect(isBankCode("gsb")).toBe(true);
    expect(isBankCode("KBANK")).toBe(false);
    expect(isBankCode("citi")).toBe(false);
    expect(isBankCode("toString")).toBe(false);
  });

  it("reads a bank as a client may name it: code in any case, or Thai name with or without ธนาคาร", () => {
    for (const code of BANK_CODES) {
      expect(bankCodeOf(code)).toBe(code);
      expect(bankCodeOf(code.toUpperCase())).toBe(code);
      expect(bankCodeOf(bankThaiName(code))).toBe(code);
      expect(bankCodeOf(bankThaiName(code).replace(/^ธนาคาร/, ""))).toBe(code);
    }
    expect(bankCodeOf(" ธนาคาร กสิกรไทย ")).toBe("kbank");
    expect(bankCodeOf("กรุงเทพ")).toBe("bbl");
    expect(bankCodeOf("ซีไอเอ็มบี ไทย")).toBe("cimb");
    expect(bankCodeOf("CIMB")).toBe("cimb");
    expect(bankCodeOf("กรุง")).toBeNull();
    expect(bankCodeOf("ธนาคาร")).toBeNull();
    expect(bankCodeOf("")).toBeNull();
    expect(bankCodeOf("citibank")).toBeNull();
  });
});
