/**
 * Renders each lottery icon (src/web/public/images/lotto/<key>.svg, the drawn source) as a WebP beside it,
 * 88×88 pixels for its 44-pixel place on the cards (two device pixels to one), in Debian's Chromium:
 * `npx tsx scripts/render-lottery-icons.ts`. Run it again when an icon changes; the WebP files are committed.
 * The pages show the WebP: an SVG shown through `<img>` is a document of its own, parsed and laid out on the
 * page's main thread as it arrives (the home page's 24 icons were most of its long tasks after the first
 * paint, issue 18), while a WebP is decoded off it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const dir = join(import.meta.dirname, "..", "src/web/public/images/lotto");
const SIZE = 88;
// Lossy at 0.9: half the bytes of lossless, with no difference to see at this size.
const QUALITY = 0.9;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".svg")).sort()) {
    const svg = readFileSync(join(dir, file)).toString("base64");
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
      { svg, size: SIZE, quality: QUALITY },
    );
    if (!dataUrl.startsWith("data:image/webp;base64,")) throw new Error(`this Chromium did not encode WebP for ${file}`);
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    writeFileSync(join(dir, file.replace(/\.svg$/, ".webp")), webp);
    console.log(`${file.replace(/\.svg$/, ".webp")} ${SIZE}×${SIZE} ${webp.length} bytes`);
  }
} finally {
  await browser.close();
}
