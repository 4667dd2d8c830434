import QRCode from "qrcode";
import { afterNextFrame, yieldToMain } from "../../lib/yield-to-main";

/** A QR code's modules, as `QRCode.create` gives them: `get(row, col)` is 1 for a dark one. */
export interface QrModules {
  size: number;
  get(row: number, col: number): number;
}

/**
 * The modules drawn as a PNG `data:` address: a square of `size + 2 × margin` modules, each `scale` pixels, dark on
 * white, one rectangle per dark module. The library's own renderer worked out every pixel of the image in script
 * (about 32,000 for a 180-pixel code), most of a task of 30-40 ms on the referral page's load (docs/decisions/066).
 */
export function qrPng(modules: QrModules, scale: number, margin: number): string {
  const side = (modules.size + 2 * margin) * scale;
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const g = canvas.getContext("2d")!;
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, side, side);
  g.fillStyle = "#000000";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) g.fillRect((col + margin) * scale, (row + margin) * scale, scale, scale);
    }
  }
  return canvas.toDataURL("image/png");
}

/**
 * `text` as a QR code of about `widthPx` pixels (a whole number of pixels a module, a one-module margin), made after
 * the page's next frame and in two tasks, the code and then its image: it is not needed for the page's first frame.
 */
export async function qrPngOf(text: string, widthPx: number): Promise<string> {
  await afterNextFrame();
  const { modules } = QRCode.create(text);
  await yieldToMain();
  return qrPng(modules, Math.max(1, Math.floor(widthPx / (modules.size + 2))), 1);
}
