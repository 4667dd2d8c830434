/**
 * The Kanit faces the pages load (app/fonts.css) are @fontsource/kanit's Thai and Latin files of each weight,
 * subset again to the same characters without their hinting instructions (docs/decisions/025): the same
 * glyphs, about half the bytes (99 → 49 KB for the six faces). Hinting only changes how a glyph is fitted to
 * the pixel grid on Windows at small sizes; phones do not use it. The faces come before the first render, so
 * their bytes are on every page's way to its first paint. `scripts/subset-kanit.ts` writes the files.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

export const KANIT_DIR = new URL("../web/app/fonts/", import.meta.url);
const FONTS_CSS = new URL("../web/app/fonts.css", import.meta.url);

export interface KanitFace {
  /** The file name under app/fonts/, e.g. kanit-thai-400.woff2. */
  file: string;
  /** The @fontsource/kanit file it is made from. */
  source: string;
  /** The face's unicode-range in fonts.css: the characters the file keeps. */
  unicodeRange: string;
}

/** Every @font-face of fonts.css, with the @fontsource file its own file is made from. */
export function kanitFaces(css = readFileSync(FONTS_CSS, "utf8")): KanitFace[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const file = /src:\s*url\("\.\/fonts\/([^"]+)"\)/.exec(body!)?.[1];
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(body!)?.[1];
    const named = file && /^kanit-(\w+)-(\d{3})\.woff2$/.exec(file);
    if (!named || !unicodeRange)
      throw new Error(`fonts.css: a face without a ./fonts/kanit-<subset>-<weight>.woff2 source or a unicode-range: ${body}`);
    return { file, source: `@fontsource/kanit/files/kanit-${named[1]}-${named[2]}-normal.woff2`, unicodeRange: unicodeRange.trim() };
  });
}

/** Every character of a unicode-range ("U+0E01-0E5B,U+25CC"). */
export function charactersOf(unicodeRange: string): string {
  return unicodeRange
    .split(",")
    .map((part) => {
      const [from, to = from] = part
        .trim()
        .replace(/^U\+/i, "")
        .split("-")
        .map((hex) => parseInt(hex, 16));
      return Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i)).join("");
    })
    .join("");
}

/** Where the face's @fontsource file is. */
export const sourcePath = (face: KanitFace): string => createRequire(import.meta.url).resolve(face.source);

/** The face's file, made from its @fontsource file: the same characters, no hinting, WOFF2. */
export async function subsetKanitFace(face: KanitFace): Promise<Buffer> {
  const source = readFileSync(sourcePath(face));
  return subsetFont(source, charactersOf(face.unicodeRange), { targetFormat: "woff2", noHinting: true });
}
