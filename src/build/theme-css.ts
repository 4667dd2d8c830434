import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from "@mantine/core";
import { cssVariablesResolver, theme } from "../web/app/theme";

/** The theme's CSS variables, committed beside the theme and loaded with the app's CSS (main.tsx). */
export const THEME_CSS = new URL("../web/app/theme-variables.css", import.meta.url);

/** Each of `input`'s variables whose value differs from `base`'s. */
function changedFrom(input: Record<string, string>, base: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(input).filter(([name, value]) => base[name] !== value));
}

/**
 * The CSS variables Mantine's provider would write for app/theme.ts, as a stylesheet: Mantine's own for the
 * theme, with the theme's resolver's on top, less those already in Mantine's default-css-variables.css (which
 * app/mantine.css loads). The provider made them in the browser (`MantineCssVariables`): every page's first
 * render computed some 400 variables from the palettes and put those that differ from the defaults in a style
 * element (docs/decisions/025); it is now told not to (`withCssVariables={false}`), and this file, written by
 * scripts/write-theme-css.ts, has them.
 */
export function themeCss(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const mantine = defaultCssVariablesResolver(full);
  const ours = cssVariablesResolver(full);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const variables: ConvertCSSVariablesInput = {
    variables: changedFrom({ ...mantine.variables, ...ours.variables }, defaults.variables),
    light: changedFrom({ ...mantine.light, ...ours.light }, defaults.light),
    dark: changedFrom({ ...mantine.dark, ...ours.dark }, defaults.dark),
  };
  const css = convertCssVariables(variables)
    .replaceAll(/;(?=--)/g, ";\n  ")
    .replaceAll(/\{(?=--)/g, "{\n  ")
    .replaceAll(/;\}/g, ";\n}");
  return `/* The theme's CSS variables (app/theme.ts). Written by scripts/write-theme-css.ts: do not edit. */\n${css.trim()}\n`;
}
