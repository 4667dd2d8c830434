import { describe, expect, it } from "vitest";
import { commitmentText } from "../../../domain/games";
import { sha256Hex } from "../../../domain/yeekee";
import { commitmentMatches, guessWins, type Reveal } from "./verify";

const SALT = "ab".repeat(32);

/** What the server publishes: SHA-256 of the canonical text, huakoi committing its side, hi-low its dice. */
function published(r: Reveal): string {
  const dice = r.t1 !== null && r.t2 !== null && r.t3 !== null ? ([r.t1, r.t2, r.t3] as const) : null;
  return sha256Hex(commitmentText({ id: r.id, type: r.gametype, choice: r.gametype === "huakoi" ? r.bet : null, dice, saltHex: SALT }));
}

const huakoi: Reveal = { id: 7, gametype: "huakoi", bet: "ก้อย", t1: null, t2: null, t3: null, salt: SALT };
// The answer names the side of the dice in `bet`; the commitment holds only the dice.
const hilow: Reveal = { id: 8, gametype: "hilow", bet: "สูง", t1: 6, t2: 4, t3: 1, salt: SALT };

describe("commitmentMatches", () => {
  it("accepts the reveal of a huakoi and of a hi-low game", () => {
    expect(commitmentMatches(huakoi, published(huakoi))).toBe(true);
    expect(commitmentMatches(hilow, published(hilow))).toBe(true);
    expect(commitmentMatches(hilow, published(hilow).toUpperCase())).toBe(true);
  });

  it("refuses a changed side, die, salt or game id", () => {
    expect(commitmentMatches({ ...huakoi, bet: "หัว" }, published(huakoi))).toBe(false);
    expect(commitmentMatches({ ...hilow, t3: 2 }, published(hilow))).toBe(false);
    expect(commitmentMatches({ ...hilow, salt: "cd".repeat(32) }, published(hilow))).toBe(false);
    expect(commitmentMatches({ ...huakoi, id: 9 }, published(huakoi))).toBe(false);
  });

  it("refuses a hi-low reveal without dice and waits for the salt", () => {
    expect(commitmentMatches({ ...hilow, t2: null }, published(hilow))).toBe(false);
    expect(commitmentMatches({ ...huakoi, salt: null }, published(huakoi))).toBeNull();
  });
});

describe("guessWins", () => {
  it("decides by the creator's side for huakoi and by the dice total for hi-low", () => {
    expect(guessWins(huakoi, "ก้อย")).toBe(true);
    expect(guessWins(huakoi, "หัว")).toBe(false);
    expect(guessWins(hilow, "สูง")).toBe(true);
    expect(guessWins({ ...hilow, t1: 1, t2: 4, t3: 5 }, "สูง")).toBe(false);
    expect(guessWins({ ...hilow, t1: null }, "ต่ำ")).toBeNull();
  });
});
