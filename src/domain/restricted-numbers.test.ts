import { describe, expect, it } from "vitest";
import { restrictedList, restrictedListProblem } from "./restricted-numbers";

describe("restrictedList", () => {
  it("splits on spaces, commas and new lines, merges repeats and keeps the first order", () => {
    expect(restrictedList("12, 34\n12 ๐๗\t34,,", "TwoDigit")).toEqual({ numbers: ["12", "34", "07"], merged: ["12", "34"], invalid: [] });
  });

  it("shows pieces of the wrong width for the bet type as invalid, as written", () => {
    const list = restrictedList("123 7 ab 45", "TwoDigit");
    expect(list).toEqual({ numbers: ["45"], merged: [], invalid: ["123", "7", "ab"] });
    expect(restrictedListProblem(list, "TwoDigit")).toBe("เลขสองตัวล่างต้องเป็นตัวเลข 2 หลัก: 123, 7, ab");
  });

  it("treats every order of a tod number as one number, under its sorted digits", () => {
    expect(restrictedList("321 123 456", "ThreeDigitToad")).toEqual({ numbers: ["123", "456"], merged: ["123"], invalid: [] });
    expect(restrictedList("321 123", "ThreeDigit").numbers).toEqual(["321", "123"]);
  });

  it("an empty list or more than 1000 numbers cannot be saved", () => {
    expect(restrictedListProblem(restrictedList(" , \n", "TwoDigit"), "TwoDigit")).toMatch(/อย่างน้อย 1 ตัว/);
    const all = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0")).join(" ");
    expect(restrictedListProblem(restrictedList(all, "ThreeDigit"), "ThreeDigit")).toBeNull();
    expect(
      restrictedListProblem({ numbers: [...restrictedList(all, "ThreeDigit").numbers, "x"], merged: [], invalid: [] }, "ThreeDigit"),
    ).toMatch(/ไม่เกิน 1000/);
  });
});
