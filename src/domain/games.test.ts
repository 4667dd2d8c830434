import { describe, expect, it } from "vitest";
import { commitmentText, type Dice, type GameSide, gameSettlement, hiddenSide, hilowSide, verifyCommitment } from "./games";
import { sha256Hex } from "./yeekee";

const SALT = "ab".repeat(32);

describe("the commitment", () => {
  const cases: Array<{ type: "huakoi" | "hilow"; choice: GameSide | null; dice: Dice | null }> = [
    { type: "huakoi", choice: "หัว", dice: null },
    { type: "huakoi", choice: "ก้อย", dice: null },
    ...[1, 2, 3, 4, 5, 6].flatMap((a) =>
      [1, 6].flatMap((b) => [2, 5].map((c) => ({ type: "hilow" as const, choice: null, dice: [a, b, c] as Dice }))),
    ),
  ];

  it("verifies for every choice and fails for any changed field", () => {
    for (const c of cases) {
      const game = { id: 42, ...c, saltHex: SALT };
      const commitment = sha256Hex(commitmentText(game));
      expect(verifyCommitment(game, commitment)).toBe(true);
      expect(verifyCommitment(game, commitment.toUpperCase())).toBe(true);
      expect(verifyCommitment({ ...game, id: 43 }, commitment)).toBe(false);
      expect(verifyCommitment({ ...game, saltHex: "cd".repeat(32) }, commitment)).toBe(false);
      expect(verifyCommitment({ ...game, type: c.type === "huakoi" ? "hilow" : "huakoi" }, commitment)).toBe(false);
      if (c.choice) expect(verifyCommitment({ ...game, choice: c.choice === "หัว" ? "ก้อย" : "หัว" }, commitment)).toBe(false);
      if (c.dice)
        expect(verifyCommitment({ ...game, dice: [c.dice[0] === 6 ? 1 : c.dice[0] + 1, c.dice[1], c.dice[2]] }, commitment)).toBe(false);
    }
  });

  it("is the text the server hashes", () => {
    expect(commitmentText({ id: 7, type: "hilow", choice: null, dice: [6, 4, 1], saltHex: "00ff" })).toBe(
      "game:7|type:hilow|choice:|dice:6,4,1|salt:00ff",
    );
    expect(commitmentText({ id: 8, type: "huakoi", choice: "หัว", dice: null, saltHex: "01" })).toBe(
      "game:8|type:huakoi|choice:หัว|dice:|salt:01",
    );
  });
});

describe("the outcome", () => {
  it("hi-low is high from 11 to 18 and low from 3 to 10, over every roll", () => {
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) expect(hilowSide([a, b, c])).toBe(a + b + c >= 11 ? "สูง" : "ต่ำ");
    expect(hiddenSide("huakoi", "ก้อย", null)).toBe("ก้อย");
    expect(() => hiddenSide("hilow", null, null)).toThrow(RangeError);
  });
});

describe("the fee", () => {
  it("fee + payout is exactly the pot for every stake, the fee rounded up so its remainder stays with the house", () => {
    for (let price = 1; price <= 200_000; price += 37) {
      for (const bp of [0, 1, 250, 500, 777, 5000]) {
        const { pot, fee, payout } = gameSettlement(price, bp);
        expect(pot).toBe(price * 2);
        expect(fee + payout).toBe(pot);
        expect(fee).toBeGreaterThanOrEqual((pot * bp) / 10_000);
        expect(fee - (pot * bp) / 10_000).toBeLessThan(1);
      }
    }
    expect(gameSettlement(3333, 500)).toEqual({ pot: 6666, fee: 334, payout: 6332 });
    expect(() => gameSettlement(0, 500)).toThrow(RangeError);
    expect(() => gameSettlement(100, 6000)).toThrow(RangeError);
  });
});
