export const BET_TYPES = [
  "ThreeDigit",
  "ThreeDigitToad",
  "TwoDigitOn",
  "TwoDigit",
  "OneDigitOn",
  "OneDigit",
  "LotteryThreeDigit_front",
  "LotteryThreeDigit_rear",
] as const;

export type BetType = (typeof BET_TYPES)[number];

// Award lines of a yeekee round also carry the sum and the numbers shot at positions 1, 16, 100.
export const AWARD_TYPES = [...BET_TYPES, "Predicttotal", "SixteenRecord", "OneRecord", "OneHundredRecord"] as const;

export type AwardType = (typeof AWARD_TYPES)[number];

// The specification gives no Thai label for Predicttotal or OneHundredRecord.
export type LabelledAwardType = BetType | "OneRecord" | "SixteenRecord";

export const BET_TYPE_LABELS: Readonly<Record<LabelledAwardType, string>> = {
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
};

const BET_TYPE_DIGITS: Readonly<Record<BetType, 1 | 2 | 3>> = {
  ThreeDigit: 3,
  ThreeDigitToad: 3,
  TwoDigitOn: 2,
  TwoDigit: 2,
  OneDigitOn: 1,
  OneDigit: 1,
  LotteryThreeDigit_front: 3,
  LotteryThreeDigit_rear: 3,
};

export function isBetType(x: string): x is BetType {
  return (BET_TYPES as readonly string[]).includes(x);
}

export function isAwardType(x: string): x is AwardType {
  return (AWARD_TYPES as readonly string[]).includes(x);
}

export function betTypeDigits(type: BetType): 1 | 2 | 3 {
  return BET_TYPE_DIGITS[type];
}

export function configLottoKey(betType: BetType, userType: string): string {
  return `${betType}_${userType.toLowerCase()}`;
}
