import { describe, expect, it } from "vitest";
import { isMovementKind, MOVEMENT_KINDS, movementLabel } from "./movements";

describe("movement kinds", () => {
  it("label every kind in Thai and show an unknown kind as it is", () => {
    for (const [kind, label] of Object.entries(MOVEMENT_KINDS)) {
      expect(isMovementKind(kind)).toBe(true);
      expect(label).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(movementLabel("stake")).toBe("แทงหวย");
    expect(isMovementKind("gift")).toBe(false);
    expect(movementLabel("gift")).toBe("gift");
    expect(isMovementKind("toString")).toBe(false);
  });
});
