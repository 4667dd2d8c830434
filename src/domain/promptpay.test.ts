import fc from "fast-check";
// A published implementation, used only as an independent oracle for the payload.
import generatePayload from "promptpay-qr";
import { describe, expect, it } from "vitest";
import { crc16, promptPayPayload } from "./promptpay";

describe("crc16", () => {
  it("matches the CRC-16/CCITT-FALSE check value", () => {
    expect(crc16("123456789")).toBe("29B1");
  });
});

describe("promptPayPayload", () => {
  it("encodes a mobile number and an exact amount", () => {
    const p = promptPayPayload("081-234-5678", 1000.37);
    expect(p).toContain("0016A00000067701011101130066812345678");
    expect(p).toContain("54071000.37");
    expect(p.startsWith("000201010212")).toBe(true);
    expect(p.slice(-8, -4)).toBe("6304");
    expect(crc16(p.slice(0, -4))).toBe(p.slice(-4));
  });

  it("agrees with an independent implementation", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^0[689]\d{8}$/), fc.stringMatching(/^\d{13}$/)),
        fc.integer({ min: 1, max: 100_000_000 }),
        (target, satang) => {
          const amount = satang / 100;
          const ours = promptPayPayload(target, amount);
          const theirs = generatePayload(target, { amount });
          // Field order may differ; compare the set of top-level fields and the CRC validity.
          expect(fields(ours)).toEqual(fields(theirs));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("refuses targets that are neither a mobile number nor a 13-digit id", () => {
    expect(() => promptPayPayload("12345")).toThrow(RangeError);
  });
});

function fields(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < payload.length - 8) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out[id] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}
