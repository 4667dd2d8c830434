import { describe, expect, it } from "vitest";
import { PERSON_NAME_CASES, personNameKey, samePersonName } from "./person-name";

describe("samePersonName", () => {
  it.each(PERSON_NAME_CASES)("%s and %s: same person %s", (a, b, same) => {
    expect(samePersonName(a, b)).toBe(same);
    expect(samePersonName(b, a)).toBe(same);
  });

  it("keeps the letters, marks and digits of a name and drops only separators and one leading title", () => {
    expect(personNameKey("นาย สมชาย  ใจดี")).toBe("สมชายใจดี");
    expect(personNameKey("น.ส. สมหญิง-ใจดี.")).toBe("สมหญิงใจดี");
    expect(personNameKey("Mr. Somchai O'Jaidee")).toBe("somchaiojaidee");
    expect(personNameKey("นาย นาย")).toBe("นาย");
    expect(personNameKey(" - ")).toBeNull();
    expect(personNameKey(null)).toBeNull();
  });
});
