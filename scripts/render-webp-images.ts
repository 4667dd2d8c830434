/**
 * Renders the drawn images the pages show through `<img>` as WebP beside their SVG source, in Debian's
 * Chromium: `npx tsx scripts/render-webp-images.ts`. Run it again when a drawing changes; the WebP files
 * are committed.
 * - each lottery icon (`images/lotto/<key>.svg`) at 88×88, for its 44-pixel place on the cards;
 * - the logo (`images/logo.svg`) at 144×144, for its 72-pixel place on the sign-in page (50 in the header).
 * Two device pixels to one. The pages show the WebP: an SVG shown through `<img>` is a document of its own,
 * parsed and laid out on the page's main thread as it arrives (the home page's 24 icons were most of its
 * long tasks after the first paint, and the logo one more on every page, docs/decisions/025), while a WebP is decoded
 * off it. The favicon stays the SVG: the browser, not the page, draws it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const images = join(import.meta.dirname, "..", "src/web/public/images");
const lotto = join(images, "lotto");
const DRAWINGS: ReadonlyArray<{ file: string; size: number }> = [
  ...readdirSync(lotto)
    .filter((f) => f.endsWith(".svg"))
    .sort()
    .map((f) => ({ file: join(lotto, f), size: 88 })),
  { file: join(images, "logo.svg"), size: 144 },
];
// Lossy at 0.9: half the bytes of lossless, with no difference to see at these sizes.
const QUALITY = 0.9;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage();
  for (const { file, size } of DRAWINGS) {
    const svg = readFileSync(file).toString("base64");
    const dataUrl = await page.evaluate(
      async ({ svg, size, quality }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${svg}`;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = size;
        canvas.getContext("2d")!.drawImage(img, 0, 0, size, size);
        return canvas.toDataURL("image/webp", quality);
      },
      { svg, size, quality: QUALITY },
    );
    if (!dataUrl.startsWith("data:image/webp;base64,")) throw new Error(`this Chromium did not encode WebP for ${file}`);
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    writeFileSync(file.replace(/\.svg$/, ".webp"), webp);
    console.log(`${file.replace(/\.svg$/, ".webp")} ${size}×${size} ${webp.length} bytes`);
  }
} finally {
  await browser.close();
}
