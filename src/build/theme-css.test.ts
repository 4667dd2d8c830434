import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_CSS, themeCss } from "./theme-css";

describe("the theme's CSS variables (app/theme-variables.css)", () => {
  const css = themeCss();
  it("the committed file is what scripts/write-theme-css.ts writes from the theme", () => {
    expect(readFileSync(THEME_CSS, "utf8"), "run npx tsx scripts/write-theme-css.ts").toBe(css);
  });
  it("has the theme's own colours and the resolver's readable text colours, light and dark", () => {
    expect(css).toMatch(/:root, :host\{[^}]*--mantine-primary-color-filled: var\(--mantine-color-red-filled\)/);
    expect(css).toMatch(/:host\(\[data-mantine-color-scheme="light"\]\)\{[^}]*--mantine-color-dimmed: var\(--mantine-color-gray-7\)/);
    expect(css).toMatch(/--mantine-color-red-filled: #[0-9a-f]{6};/);
    expect(css).toContain(':host([data-mantine-color-scheme="dark"]){');
    expect(css).toContain("--mantine-font-family: Kanit, sans-serif;");
  });
});
