import { describe, expect, it } from "vitest";
import { missingTwoDigits, twoDigitFrequency } from "./result-stats";

describe("twoDigitFrequency", () => {
  it("counts สองตัวบน (last two of the top three) and สองตัวล่าง apart, most frequent first", () => {
    const counts = twoDigitFrequency([
      { top3: "157", bottom2: "42" },
      { top3: "842", bottom2: "57" },
      { top3: "042", bottom2: "09" },
    ]);
    expect(counts[0]).toEqual({ number: "42", top: 2, bottom: 1, total: 3 });
    expect(counts[1]).toEqual({ number: "57", top: 1, bottom: 1, total: 2 });
    expect(counts[2]).toEqual({ number: "09", top: 0, bottom: 1, total: 1 });
    expect(counts.reduce((s, c) => s + c.total, 0)).toBe(6);
  });

  it("skips malformed numbers and lists the numbers that never came out", () => {
    const counts = twoDigitFrequency([
      { top3: "", bottom2: "7" },
      { top3: "100", bottom2: "00" },
    ]);
    expect(counts).toEqual([{ number: "00", top: 1, bottom: 1, total: 2 }]);
    const missing = missingTwoDigits(counts);
    expect(missing).toHaveLength(99);
    expect(missing[0]).toBe("01");
  });
});
