import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOTTERY_ICON_KEYS } from "../domain/lottery-icons";

const IMAGES = fileURLToPath(new URL("../web/public/images/", import.meta.url));
const LOTTO = `${IMAGES}lotto/`;

const isWebp = (file: Buffer) => file.subarray(0, 4).toString("latin1") === "RIFF" && file.subarray(8, 12).toString("latin1") === "WEBP";

describe("the drawn images the pages show, as WebP rendered from their SVG (scripts/render-webp-images.ts)", () => {
  it.each(LOTTERY_ICON_KEYS)("lottery icon %s", (key) => {
    expect(readFileSync(`${LOTTO}${key}.svg`, "utf8")).toMatch(/^<svg[\s>]/);
    expect(isWebp(readFileSync(`${LOTTO}${key}.webp`))).toBe(true);
  });

  it("the logo", () => {
    expect(readFileSync(`${IMAGES}logo.svg`, "utf8")).toMatch(/^<svg[\s>]/);
    expect(isWebp(readFileSync(`${IMAGES}logo.webp`))).toBe(true);
  });
});
