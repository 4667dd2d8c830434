import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrast, cssVariablesResolver, theme } from "./theme";

describe("the theme's colours are readable (WCAG AA 4.5:1)", () => {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const vars = cssVariablesResolver(full).light;
  it.each(Object.keys(full.colors).filter((c) => c !== "dark"))("%s: white on filled, its text on white, shades 6-9 on white", (name) => {
    expect(contrast("#ffffff", vars[`--mantine-color-${name}-filled`]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast("#ffffff", vars[`--mantine-color-${name}-text`]!)).toBeGreaterThanOrEqual(4.5);
    for (const shade of full.colors[name]!.slice(6)) expect(contrast("#ffffff", shade)).toBeGreaterThanOrEqual(4.5);
  });
  it("red stays red; dimmed text is grey 7", () => {
    const red = vars["--mantine-color-red-filled"]!;
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(red.slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThan(2 * g);
    expect(r).toBeGreaterThan(2 * b);
    expect(vars["--mantine-color-dimmed"]).toBe("var(--mantine-color-gray-7)");
  });
});
