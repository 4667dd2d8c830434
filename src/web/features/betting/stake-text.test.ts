import { describe, expect, it } from "vitest";
import { caretFor, digitsRightOf, parseStakeText, STAKE_MAX_DIGITS, stakeText } from "./stake-text";

describe("stake text", () => {
  it("shows whole baht with thousands separators, and nothing for no stake", () => {
    expect(stakeText("")).toBe("");
    expect(stakeText(5)).toBe("5");
    expect(stakeText(1250)).toBe("1,250");
    expect(stakeText(1_000_000)).toBe("1,000,000");
  });

  it("reads only the digits typed or pasted", () => {
    expect(parseStakeText("")).toBe("");
    expect(parseStakeText("abc")).toBe("");
    expect(parseStakeText("1,250")).toBe(1250);
    expect(parseStakeText("฿ 20")).toBe(20);
    expect(parseStakeText("-5")).toBe(5);
    expect(parseStakeText("5.5")).toBe(55);
    expect(parseStakeText("007")).toBe(7);
    expect(parseStakeText("0")).toBe(0);
    expect(parseStakeText("1".repeat(STAKE_MAX_DIGITS + 3))).toBe(Number("1".repeat(STAKE_MAX_DIGITS)));
  });

  it("keeps the caret beside the digit it was beside as separators come and go", () => {
    // "125|0" typed into "1250" → shown "1,250": one digit to the right, caret before the 0.
    expect(caretFor("1,250", digitsRightOf("1250", 3))).toBe(4);
    // caret at the end stays at the end
    expect(caretFor("12,345", digitsRightOf("12345", 5))).toBe(6);
    // caret at the start stays at the start
    expect(caretFor("12,345", digitsRightOf("12345", 0))).toBe(0);
    // deleting the separator's neighbour: "1,|250" after a backspace of "1" → "250" with three digits right
    expect(caretFor("250", digitsRightOf(",250", 0))).toBe(0);
    // three digits to the right of a separator: the caret goes after the separator, before the digits
    expect(caretFor("1,250", 3)).toBe(2);
  });
});
