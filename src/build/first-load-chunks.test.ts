import { describe, expect, it } from "vitest";
import { type PlanChunk, planFirstLoadChunks } from "./first-load-chunks";

/** A chunk `file` holding the module of the same name, of `kb` gzip KB, importing `imports`. */
const chunk = (file: string, kb: number, imports: string[] = [], isEntry = false): PlanChunk => ({
  file,
  name: file,
  isEntry,
  imports: isEntry ? imports : ["entry", ...imports],
  modules: [file],
  gzipKB: kb,
});

/** Which files a page's first load needs under `plan` (its own modules' chunks and what they import). */
function loadOf(chunks: PlanChunk[], plan: Map<string, string>, roots: string[]): { chunks: Set<string>; kb: number } {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (seen.has(f) || f === "entry") continue;
    seen.add(f);
    stack.push(...byFile.get(f)!.imports);
  }
  return { chunks: new Set([...seen].map((f) => plan.get(f)!)), kb: [...seen].reduce((s, f) => s + byFile.get(f)!.gzipKB, 0) };
}

describe("the first loads' chunk plan", () => {
  // Two pages, each with its own chunk, sharing five small chunks and importing one each of their own.
  const chunks = [
    chunk("entry", 80, [], true),
    chunk("a-page", 5, ["s1", "s2", "s3", "s4", "s5", "a-only"]),
    chunk("b-page", 5, ["s1", "s2", "s3", "s4", "s5", "b-only"]),
    chunk("s1", 1),
    chunk("s2", 1),
    chunk("s3", 1, ["s4"]),
    chunk("s4", 1),
    chunk("s5", 1),
    chunk("a-only", 2),
    chunk("b-only", 30),
    chunk("dialog", 10, ["s1"]),
  ];
  const pages = { a: ["a-page"], b: ["b-page"] };

  it("merges shared chunks until no page needs more than maxFiles, keeping each page's own chunk its own", () => {
    const plan = planFirstLoadChunks(chunks, pages, { maxFiles: 3, maxKB: 200 });
    for (const [page, roots] of Object.entries(pages)) {
      const load = loadOf(chunks, plan, roots);
      expect(load.chunks.size, page).toBeLessThanOrEqual(3);
    }
    expect(plan.get("a-page")).toBe("a-page");
    expect(plan.get("b-page")).toBe("b-page");
    expect(plan.get("entry")).toBe("entry");
    // The five shared ones are needed by both pages: one chunk.
    expect(new Set(["s1", "s2", "s3", "s4", "s5"].map((m) => plan.get(m))).size).toBe(1);
    // What no page loads first is left to Rollup.
    expect(plan.has("dialog")).toBe(false);
  });

  it("never makes a page heavier than maxKB: b's 30 KB chunk is not merged into what a loads", () => {
    const plan = planFirstLoadChunks(chunks, pages, { maxFiles: 2, maxKB: 100 });
    expect(plan.get("b-only")).toBe("b-only");
    expect(loadOf(chunks, plan, ["a-page"]).kb).toBeLessThanOrEqual(100 - 80);
    // With room, the same merge is made (a then loads b's chunk too).
    const roomy = planFirstLoadChunks(chunks, pages, { maxFiles: 2, maxKB: 200 });
    expect(roomy.get("b-only")).toBe(roomy.get("a-only"));
  });

  it("never merges two chunks one of which reaches the other through a third (they would import each other)", () => {
    // a1 imports z, z imports a2: a1 and a2 in one chunk would import z, which imports it. Every merge costs the one
    // page nothing, and a1 + a2 is the first pair tried: without the check it is the one made.
    const cyclic = [chunk("entry", 80, [], true), chunk("p", 1, ["a1"]), chunk("a1", 1, ["z"]), chunk("z", 1, ["a2"]), chunk("a2", 1)];
    const plan = planFirstLoadChunks(cyclic, { p: ["p"] }, { maxFiles: 3, maxKB: 200 });
    expect(loadOf(cyclic, plan, ["p"]).chunks.size).toBe(3);
    expect(plan.get("a1") === plan.get("a2") && plan.get("z") !== plan.get("a1")).toBe(false);
  });

  it("gives each chunk a name of its own: Rollup would put two chunks of one name into one", () => {
    const same = [
      chunk("entry", 80, [], true),
      chunk("p", 1, ["x1", "x2"]),
      { ...chunk("x1", 1), name: "index" },
      { ...chunk("x2", 1), name: "index" },
    ];
    const plan = planFirstLoadChunks(same, { p: ["p"] }, { maxFiles: 9, maxKB: 200 });
    expect(new Set([plan.get("entry"), plan.get("x1"), plan.get("x2")]).size).toBe(3);
  });

  it("stops on a page module that is in no chunk (renamed or moved) rather than leave the page out", () => {
    expect(() => planFirstLoadChunks(chunks, { a: ["gone-page"] }, { maxFiles: 3, maxKB: 200 })).toThrow(/gone-page/);
  });

  it("plans the same from the same first pass", () => {
    const one = planFirstLoadChunks(chunks, pages, { maxFiles: 3, maxKB: 200 });
    const two = planFirstLoadChunks([...chunks].reverse(), pages, { maxFiles: 3, maxKB: 200 });
    expect([...two].sort()).toEqual([...one].sort());
  });
});
