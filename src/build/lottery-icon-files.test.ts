import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOTTERY_ICON_KEYS } from "../domain/lottery-icons";

const LOTTO = fileURLToPath(new URL("../web/public/images/lotto/", import.meta.url));

describe("the lottery icon files the pages show", () => {
  it.each(LOTTERY_ICON_KEYS)("%s: the drawing (SVG) and the WebP rendered from it (scripts/render-lottery-icons.ts)", (key) => {
    expect(readFileSync(`${LOTTO}${key}.svg`, "utf8")).toMatch(/^<svg[\s>]/);
    const webp = readFileSync(`${LOTTO}${key}.webp`);
    expect(webp.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(webp.subarray(8, 12).toString("latin1")).toBe("WEBP");
  });
});
