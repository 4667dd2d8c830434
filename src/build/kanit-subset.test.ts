import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { charactersOf, KANIT_DIR, kanitFaces, sourcePath, subsetKanitFace } from "./kanit-subset";

describe("the Kanit faces the pages load (app/fonts.css, app/fonts/)", () => {
  const faces = kanitFaces();

  it("are the three weights in a Thai and a Latin face each", () => {
    expect(faces.map((f) => f.file).sort()).toEqual(
      ["400", "500", "600"].flatMap((w) => [`kanit-latin-${w}.woff2`, `kanit-thai-${w}.woff2`]).sort(),
    );
  });

  it("reads a unicode-range as its characters", () => {
    expect(charactersOf("U+0E01-0E03,U+25CC")).toBe("กขฃ◌");
    expect(charactersOf("U+0030-0039")).toBe("0123456789");
  });

  it.each(faces)("$file is what scripts/subset-kanit.ts makes from $source, and about half its size (55% at most)", async (face) => {
    const committed = readFileSync(new URL(face.file, KANIT_DIR));
    expect(committed.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(Buffer.compare(committed, await subsetKanitFace(face))).toBe(0);
    const source = readFileSync(sourcePath(face));
    expect(committed.length).toBeLessThanOrEqual(source.length * 0.55);
  });
});
