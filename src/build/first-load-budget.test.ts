import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "./first-load";
import { firstLoadsOf, overBudget } from "./first-load-budget";

/** A build folder whose files are each so many KB of bytes gzip cannot shrink. */
function build(files: Record<string, number>): string {
  const dir = mkdtempSync(join(tmpdir(), "first-load-budget-"));
  mkdirSync(join(dir, "assets"));
  for (const [file, kb] of Object.entries(files)) writeFileSync(join(dir, file), randomBytes(kb * 1024));
  return dir;
}

const manifest: Manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_shared.js"], css: ["assets/index.css"] },
  "_shared.js": { file: "assets/shared.js", name: "shared" },
  "features/a.tsx": { file: "assets/a.js", imports: ["_shared.js", "_lib.js"] },
  "_lib.js": { file: "assets/lib.js", name: "lib" },
  "features/b.tsx": { file: "assets/b.js" },
};
const files = { "assets/index.js": 60, "assets/shared.js": 20, "assets/a.js": 50, "assets/lib.js": 45, "assets/b.js": 10 };

describe("each player page's first load as built", () => {
  it("counts the entry, the page's chunks and what they import, each file once", () => {
    const loads = firstLoadsOf(build(files), manifest, { "/a": ["features/a.tsx"], "/b": ["features/b.tsx"] });
    expect(loads.map((l) => [l.route, l.files])).toEqual([
      ["/a", 4],
      ["/b", 3],
    ]);
    // Random bytes gzip to a little more than themselves.
    expect(loads[0]!.gzipBytes / 1024).toBeGreaterThan(175);
    expect(loads[0]!.gzipBytes / 1024).toBeLessThan(177);
    expect(loads[1]!.gzipBytes / 1024).toBeGreaterThan(90);
  });

  it("names every page over the budget in KB or in files, and none within it", () => {
    const loads = firstLoadsOf(build(files), manifest, { "/a": ["features/a.tsx"], "/b": ["features/b.tsx"] });
    expect(overBudget(loads, { maxKB: 170, maxFiles: 8 })).toEqual([
      expect.stringMatching(/^\/a: 4 files, 17\d\.\d KB of JavaScript gzip \(at most 8 files, 170 KB\)$/),
    ]);
    expect(overBudget(loads, { maxKB: 200, maxFiles: 3 })).toEqual([expect.stringMatching(/^\/a: 4 files/)]);
    expect(overBudget(loads, { maxKB: 200, maxFiles: 8 })).toEqual([]);
    expect(overBudget(loads, { maxKB: 170 })).toEqual([
      expect.stringMatching(/^\/a: 4 files, .* \(at most any number of files, 170 KB\)$/),
    ]);
    expect(overBudget(loads, { maxKB: 200 })).toEqual([]);
  });
});
