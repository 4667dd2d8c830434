import { describe, expect, it } from "vitest";
import { ActivityId, controlCharacterIssue, INT_MAX, WholeNumber } from "./common";

describe("controlCharacterIssue", () => {
  it("refuses NUL and the other C0 control characters wherever they sit, naming the field", () => {
    expect(controlCharacterIssue({ note: "a\u0000b" })).toBe("ข้อมูลมีอักขระที่ใช้ไม่ได้ (note) กรุณาพิมพ์ใหม่");
    expect(controlCharacterIssue({ numberlist: [{ number: "1" }, { number: "2\u001b" }] })).toContain("(numberlist.1.number)");
    expect(controlCharacterIssue({ schedule: { "a\u0000": "x" } })).toContain("(schedule.a?)");
    expect(controlCharacterIssue("\u0007")).toBe("ข้อมูลมีอักขระที่ใช้ไม่ได้ กรุณาพิมพ์ใหม่");
    for (let code = 0; code < 0x20; code++) {
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(controlCharacterIssue({ s: `x${String.fromCharCode(code)}y` }) === null, `U+${code.toString(16)}`).toBe(allowed);
    }
  });

  it("lets through what people type: Thai, emoji, line breaks and tabs in notes, numbers and booleans", () => {
    expect(
      controlCharacterIssue({ note: "โอนจากบัญชีแม่\r\nบรรทัดสอง\tแท็บ 🙂", amount: 100, ok: true, none: null, list: [1, "2"] }),
    ).toBeNull();
    expect(controlCharacterIssue(undefined)).toBeNull();
  });
});

describe("WholeNumber", () => {
  it("takes whole numbers in range, as text too when coerced, and refuses beyond PostgreSQL's integer with its Thai message", () => {
    const id = WholeNumber("รหัสไม่ถูกต้อง");
    expect(id.parse(1)).toBe(1);
    expect(id.parse(INT_MAX)).toBe(INT_MAX);
    for (const bad of [0, -1, 1.5, INT_MAX + 1, 1e300, "1"]) {
      const r = id.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("รหัสไม่ถูกต้อง");
    }
    expect(ActivityId.parse("42")).toBe(42);
    expect(ActivityId.safeParse("2147483648").success).toBe(false);
    expect(WholeNumber("x", { min: 0, max: 10 }).safeParse(11).success).toBe(false);
    // A bound above INT_MAX is clipped to it.
    expect(WholeNumber("x", { max: Number.MAX_SAFE_INTEGER }).safeParse(INT_MAX + 1).success).toBe(false);
  });
});
