import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { charactersOf, kanitFaces } from "./kanit-subset";

/**
 * Characters the pages show that no Kanit face holds, on purpose: symbols drawn in the phone's own font
 * (Kanit has no dice faces, ticks, crosses or arrows), and a control character a check names but never shows.
 */
const DRAWN_BY_THE_PHONE: Record<string, string> = {
  "⚀⚁⚂⚃⚄⚅": "the dice of hi-low",
  "⌫": "the number pad's delete key",
  "✓✗✕": "ticks and crosses",
  "→": "an arrow between two values",
  "\u007f": "DEL, named in a check of the slip's time, never shown",
};

/** The text of every string, template part and JSX text of the site's own files, with where each is. */
function siteTexts(): Array<{ text: string; at: string }> {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const files = ["src/web", "src/contract"]
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => `${dir}/${f}`))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
  const texts: Array<{ text: string; at: string }> = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(root, file), "utf8"),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
        texts.push({ text: node.text, at: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

describe("the site's text and the Kanit faces (app/fonts.css)", () => {
  it("every character the pages write is in a Kanit face, or one of the symbols drawn in the phone's own font", () => {
    const inKanit = new Set(kanitFaces().flatMap((face) => [...charactersOf(face.unicodeRange)]));
    const allowed = new Set([..."\n\r\t", ...Object.keys(DRAWN_BY_THE_PHONE).join("")]);
    const outside = new Map<string, string>();
    const texts = siteTexts();
    for (const { text, at } of texts) {
      for (const ch of text) if (!inKanit.has(ch) && !allowed.has(ch) && !outside.has(ch)) outside.set(ch, at);
    }
    // A character here is drawn in another font than the text around it: add it to a face's unicode-range
    // in fonts.css and run scripts/subset-kanit.ts, or, for a symbol Kanit lacks, to DRAWN_BY_THE_PHONE.
    expect(Object.fromEntries([...outside].map(([ch, at]) => [`U+${ch.codePointAt(0)!.toString(16).toUpperCase()} ${ch}`, at]))).toEqual(
      {},
    );
    // The scan reads the site: Thai text in quantity, and every allowed symbol in use somewhere.
    expect(texts.filter((t) => /[\u0E01-\u0E5B]/.test(t.text)).length).toBeGreaterThan(500);
    const everything = texts.map((t) => t.text).join("");
    for (const symbols of Object.keys(DRAWN_BY_THE_PHONE))
      for (const ch of symbols) expect(everything, `${ch} is still used`).toContain(ch);
  });
});
