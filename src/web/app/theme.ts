import {
  type AnchorProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type FileInputProps,
  type MantineColorsTuple,
  type ModalProps,
  type SelectProps,
} from "@mantine/core";

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(((n >> 16) & 255) / 255) + 0.7152 * lin(((n >> 8) & 255) / 255) + 0.0722 * lin((n & 255) / 255);
}
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
const rgb = (h: string) => {
  const n = Number.parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
};
/** `color` at `alpha` over white, as Mantine's light variants paint it. */
const overWhite = (color: string, alpha: number) => hex(...(rgb(color).map((c) => 255 - (255 - c) * alpha) as [number, number, number]));
const darken = (color: string, by: number) => hex(...(rgb(color).map((c) => c * (1 - by)) as [number, number, number]));

/** `color`, darkened in small steps until it has at least `ratio` against `background`. */
function atLeast(color: string, background: string, ratio: number): string {
  let c = color;
  while (contrast(c, background) < ratio) c = darken(c, 0.04);
  return c;
}

/**
 * Mantine's palettes with shades 6 to 9 (the ones text is drawn in, `c="green.8"` included) readable on white
 * and on a page's warm tinted cards: 4.6:1 on #fbf7f1 at least, each no lighter than the one before.
 * Shades 0 to 5 (backgrounds, borders) are Mantine's.
 */
function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const out = [...palette];
  for (let i = 6; i <= 9; i += 1) {
    out[i] = atLeast(out[i]!, "#fbf7f1", 4.6);
    if (luminance(out[i]!) > luminance(out[i - 1]!) && i > 6) out[i] = out[i - 1]!;
  }
  return out as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, name === "dark" ? palette : readablePalette(palette)]),
);

export const theme = createTheme({
  fontFamily: "Kanit, sans-serif",
  headings: { fontFamily: "Kanit, sans-serif" },
  // Mantine's monospace list ends at `monospace`, whose faces (and the phone's) may have no Thai: code text such
  // as a game's revealed "choice:หัว" was drawn as boxes. Kanit after it draws only the characters they lack.
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, Liberation Mono, Courier New, monospace, Kanit",
  primaryColor: "red",
  defaultRadius: "md",
  colors,
  // A colour given as a value (LINE's green) gets black or white text, whichever reads.
  autoContrast: true,
  // Plain objects rather than `Modal.extend(…)`: importing a component here puts its code (Modal brings
  // the overlay, portal, focus trap, transitions and scroll area) into the first chunk every page loads.
  components: {
    // A link inside a sentence is told apart by more than its colour (axe: link-in-text-block).
    Anchor: { defaultProps: { underline: "always" } satisfies Partial<AnchorProps> },
    // Every dialog's close button is named (axe: button-name); a page may still pass its own props.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "ปิด" } } satisfies Partial<ModalProps> },
    // A clearable field's clear button is named too (axe: button-name, once a slip file is chosen).
    FileInput: { defaultProps: { clearButtonProps: { "aria-label": "ล้าง" } } satisfies Partial<FileInputProps> },
    Select: { defaultProps: { clearButtonProps: { "aria-label": "ล้าง" } } satisfies Partial<SelectProps> },
  },
});

/**
 * The text colour of the light variants: the first shade from 6 on with `ratio` against the variant's own
 * tinted background, darkened past 9 if needed (their secondary lines are drawn at 85 % opacity).
 */
function readableOn(palette: MantineColorsTuple, background: string, ratio: number): string {
  for (let i = 6; i <= 9; i += 1) if (contrast(palette[i]!, background) >= ratio) return palette[i]!;
  return atLeast(palette[9]!, background, ratio);
}

/**
 * Text of every colour meets WCAG AA (4.5:1) at the theme level (docs/decisions/025: axe found Mantine's default red
 * 3.3:1 on white and on its own light background, and the dimmed grey 3.3:1): the palettes' shades 6-9 are
 * darkened where needed (above), the filled colour has white text at 5.6:1 or more, and the text colour of
 * the light, outline and subtle variants and of `c="red"` is readable on the light variant's background, so
 * pages need no colour of their own. Dimmed text is grey 7, placeholders grey 6 (darkened above).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // Read when app/theme-variables.css is written (src/build/theme-css.ts) and by the theme's tests, no longer by
  // the provider at every render: nothing to keep between calls.
  const light: Record<string, string> = {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Placeholders (the file input's "เลือกรูป" reads as its value) at 4.5:1 too.
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
  };
  for (const [name, palette] of Object.entries(t.colors)) {
    if (!palette || palette.length < 10) continue;
    // White text on filled, also at 85 % opacity (the bet types' rate lines).
    const filled = atLeast(palette[6]!, "#ffffff", 5.6);
    const onLight = readableOn(palette, overWhite(palette[6]!, 0.12), 6);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.08);
    light[`--mantine-color-${name}-light-color`] = onLight;
    light[`--mantine-color-${name}-text`] = onLight;
    light[`--mantine-color-${name}-outline`] = onLight;
  }
  light["--mantine-color-anchor"] = `var(--mantine-color-${t.primaryColor}-text)`;
  return { variables: {}, light, dark: {} };
};
