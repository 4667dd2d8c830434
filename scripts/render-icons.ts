/**
 * Renders the app's icons (src/web/public/icons/) from the site's logo (src/web/public/images/logo.svg)
 * in Debian's Chromium, with the Kanit face the logo's text asks for: `npx tsx scripts/render-icons.ts`.
 * Run it again when the logo changes; the PNGs are committed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const root = join(import.meta.dirname, "..");
const out = join(root, "src/web/public/icons");
const logo = readFileSync(join(root, "src/web/public/images/logo.svg"), "utf8");
const font = (subset: string) =>
  readFileSync(join(root, `node_modules/@fontsource/kanit/files/kanit-${subset}-600-normal.woff2`)).toString("base64");

// The logo asks for weight 700; the site draws it with its 600 face, and so do the icons.
const fontFaces = ["thai", "latin"]
  .map((s) => `@font-face { font-family: Kanit; font-weight: 100 900; src: url(data:font/woff2;base64,${font(s)}) format("woff2"); }`)
  .join("\n");

/** `maskable`: the logo inside the safe zone (80% circle) on the theme colour, for launchers that crop. */
function page(size: number, maskable: boolean) {
  const logoSize = maskable ? Math.round(size * 0.72) : size;
  return `<!doctype html><html><head><style>${fontFaces}
    html, body { margin: 0; background: ${maskable ? "#b3121d" : "transparent"}; }
    div { width: ${size}px; height: ${size}px; display: flex; align-items: center; justify-content: center; }
    svg { width: ${logoSize}px; height: ${logoSize}px; }
  </style></head><body><div>${logo}</div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
});
try {
  for (const [name, size, maskable] of [
    ["icon-192.png", 192, false],
    ["icon-512.png", 512, false],
    ["icon-maskable-512.png", 512, true],
    ["apple-touch-icon.png", 180, true],
  ] as const) {
    const p = await browser.newPage({ viewport: { width: size, height: size } });
    await p.setContent(page(size, maskable));
    await p.evaluate(() => document.fonts.ready);
    await p.screenshot({ path: join(out, name), omitBackground: !maskable });
    await p.close();
    console.log(`${name} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
