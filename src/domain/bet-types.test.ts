import { describe, it, expect } from "vitest";
import { AWARD_TYPES, BET_TYPES, BET_TYPE_LABELS, betTypeDigits, configLottoKey, isAwardType, isBetType } from "./bet-types";

describe("bet types", () => {
  it("lists the eight bet types and the four extra award types", () => {
    expect(BET_TYPES).toHaveLength(8);
    expect(AWARD_TYPES).toEqual([...BET_TYPES, "Predicttotal", "SixteenRecord", "OneRecord", "OneHundredRecord"]);
  });

  it("labels each type in Thai", () => {
    expect(BET_TYPE_LABELS).toEqual({
      ThreeDigit: "สามตัวบน",
      ThreeDigitToad: "สามตัวโต๊ด",
      TwoDigitOn: "สองตัวบน",
      TwoDigit: "สองตัวล่าง",
      OneDigitOn: "วิ่งบน",
      OneDigit: "วิ่งล่าง",
      LotteryThreeDigit_front: "สามตัวหน้า",
      LotteryThreeDigit_rear: "สามตัวหลัง",
      OneRecord: "ลำดับที่ 1",
      SixteenRecord: "ลำดับที่ 16",
    });
  });

  it("knows how many digits each bet type takes", () => {
    expect(BET_TYPES.map(betTypeDigits)).toEqual([3, 3, 2, 2, 1, 1, 3, 3]);
  });

  it("builds the payout config key from bet type and lowercased user type", () => {
    expect(configLottoKey("ThreeDigit", "Member")).toBe("ThreeDigit_member");
    expect(configLottoKey("LotteryThreeDigit_front", "VIP")).toBe("LotteryThreeDigit_front_vip");
    expect(configLottoKey("TwoDigit", "agent")).toBe("TwoDigit_agent");
  });

  it("recognises bet and award types by their exact wire names", () => {
    expect(isBetType("TwoDigitOn")).toBe(true);
    expect(isBetType("Predicttotal")).toBe(false);
    expect(isBetType("twodigiton")).toBe(false);
    expect(isAwardType("Predicttotal")).toBe(true);
    expect(isAwardType("OneHundredRecord")).toBe(true);
    expect(isAwardType("FourDigit")).toBe(false);
  });
});
