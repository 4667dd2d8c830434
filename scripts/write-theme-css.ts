/**
 * Writes src/web/app/theme-variables.css, the theme's CSS variables (src/build/theme-css.ts says why):
 * `npx tsx scripts/write-theme-css.ts`. Run it again after changing app/theme.ts or updating Mantine; the file is
 * committed, and a unit test fails while it differs from what this writes.
 */
import { writeFileSync } from "node:fs";
import { THEME_CSS, themeCss } from "../src/build/theme-css";

const css = themeCss();
writeFileSync(THEME_CSS, css);
console.log(`${THEME_CSS.pathname}: ${css.length} bytes`);
