/**
 * Writes the Kanit faces of app/fonts.css (src/web/app/fonts/*.woff2) from @fontsource/kanit: each face's
 * characters, without hinting (src/build/kanit-subset.ts says why): `npx tsx scripts/subset-kanit.ts`.
 * Run it again after changing a face in fonts.css or updating @fontsource/kanit; the files are committed, and
 * a unit test fails while they differ from what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { KANIT_DIR, kanitFaces, sourcePath, subsetKanitFace } from "../src/build/kanit-subset";

for (const face of kanitFaces()) {
  const file = await subsetKanitFace(face);
  writeFileSync(new URL(face.file, KANIT_DIR), file);
  const before = readFileSync(sourcePath(face)).length;
  console.log(`${face.file}: ${file.length} bytes (${face.source}: ${before})`);
}
