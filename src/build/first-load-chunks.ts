/**
 * Fewer, larger files for each player page's first load (docs/decisions/065). Rollup makes a chunk for every set
 * of lazy imports that share modules: with some forty lazy pages and dialogs, a player page's first load was 12-36
 * files of 0.1-15 KB. Over HTTP/2 that costs little; over HTTP/1.1 (a plain proxy in front of the site) the
 * browser fetches six at a time, each file a round trip on a slow phone network, and Lighthouse read 64-86 there.
 *
 * The build runs twice. A first pass, Rollup's own chunking, says which chunks each player page's first load
 * needs (the entry's and the page's static imports, as src/build/first-load.ts reads them from the manifest); the
 * plan below merges the shared ones among them until no page loads more than `maxFiles` besides the entry, never
 * letting a page grow past `maxKB` of JavaScript (gzip) and never making two chunks import each other; the second
 * pass builds with that plan as its manual chunks. Chunks no player page loads first (the back office, dialogs,
 * other pages) are left to Rollup.
 */
import { gzipSync } from "node:zlib";
import { build, type InlineConfig, type Plugin } from "vite";
import type { OutputChunk, RollupOutput } from "rollup";

/** A chunk of the first pass, as the plan needs it. */
export interface PlanChunk {
  /** The chunk's file (what the other chunks' `imports` name). */
  file: string;
  /** Its name (a page's own chunk is named after its module). */
  name: string;
  isEntry: boolean;
  /** The files it imports statically. */
  imports: readonly string[];
  /** The modules it holds (absolute ids). */
  modules: readonly string[];
  /** Its JavaScript, gzip -9, in KB. */
  gzipKB: number;
}

export interface PlanOptions {
  /** The most files a page's first load may need besides the entry. */
  maxFiles: number;
  /** The most JavaScript (gzip KB, entry included) a merge may make a page load. */
  maxKB: number;
}

/** Which manual chunk each module goes into; the modules not named are left to Rollup. */
export type ChunkPlan = Map<string, string>;

/**
 * The plan: `pageModules` names, per page, the modules (absolute ids) whose chunks a first visit loads beside the
 * entry. Merges are chosen greedily: while some page needs more than `maxFiles` chunks, the two groups whose merging
 * lowers the count of a page at the highest count and adds the fewest KB to the pages' first loads. A merged group
 * imports what both imported, so a page that needed either now loads both and everything either imports: the cost
 * and the `maxKB` bound are counted on the pages' loads after the merge, not on the two groups alone.
 */
export function planFirstLoadChunks(
  chunks: readonly PlanChunk[],
  pageModules: Record<string, readonly string[]>,
  options: PlanOptions,
): ChunkPlan {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("first-load chunks: the first pass has no entry chunk");
  const closure = (file: string, into: Set<string>): Set<string> => {
    if (into.has(file) || !byFile.has(file)) return into;
    into.add(file);
    for (const i of byFile.get(file)!.imports) closure(i, into);
    return into;
  };
  const loaded = closure(entry.file, new Set());
  const entryKB = [...loaded].reduce((s, f) => s + byFile.get(f)!.gzipKB, 0);
  const chunkOf = new Map<string, string>();
  for (const c of chunks) for (const m of c.modules) chunkOf.set(m, c.file);

  // Each page's own chunks (its module's, the shell's), and every chunk a first load needs besides the entry's.
  const roots = new Map<string, string[]>();
  const own = new Set<string>();
  const needed = new Set<string>();
  for (const [page, modules] of Object.entries(pageModules)) {
    const unknown = modules.filter((m) => !chunkOf.has(m));
    // A renamed or moved page module would leave its page out of the plan without a word.
    if (unknown.length > 0) throw new Error(`first-load chunks: ${page}'s modules are in no chunk: ${unknown.join(", ")}`);
    const files = modules.map((m) => chunkOf.get(m)!).filter((f) => !loaded.has(f));
    roots.set(page, files);
    for (const f of files) own.add(f);
    for (const f of files) for (const c of closure(f, new Set())) if (!loaded.has(c)) needed.add(c);
  }

  // Groups of chunks: each chunk starts alone; `groupOf` says which group a chunk is in.
  const groupOf = new Map<string, string>([...needed].map((f) => [f, f]));
  const members = new Map<string, string[]>([...needed].map((f) => [f, [f]]));
  const kbOf = (g: string) => members.get(g)!.reduce((s, f) => s + byFile.get(f)!.gzipKB, 0);
  /** The groups a page loads when `merge` (two groups) are one. */
  const loadOf = (page: string, merge?: [string, string]) => {
    const as = (g: string) => (merge && g === merge[1] ? merge[0] : g);
    const seen = new Set<string>();
    const stack = roots.get(page)!.map((f) => as(groupOf.get(f)!));
    while (stack.length > 0) {
      const g = stack.pop()!;
      if (seen.has(g)) continue;
      seen.add(g);
      const inGroup = merge && g === merge[0] ? [...members.get(g)!, ...members.get(merge[1])!] : members.get(g)!;
      for (const f of inGroup) for (const i of byFile.get(f)!.imports) if (groupOf.has(i)) stack.push(as(groupOf.get(i)!));
    }
    return seen;
  };
  const pages = [...roots.keys()];
  for (;;) {
    const now = new Map(pages.map((p) => [p, loadOf(p)]));
    const worst = Math.max(...[...now.values()].map((s) => s.size));
    if (worst <= options.maxFiles) break;
    const groups = [...members.keys()].filter((g) => !own.has(g)).sort();
    let best: { a: string; b: string; cost: number } | undefined;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = groups[i]!;
        const b = groups[j]!;
        if (!pages.some((p) => now.get(p)!.size === worst && now.get(p)!.has(a) && now.get(p)!.has(b))) continue;
        let cost = 0;
        let fits = true;
        for (const p of pages) {
          const after = loadOf(p, [a, b]);
          const kb = [...after].reduce((s, g) => s + kbOf(g) + (g === a ? kbOf(b) : 0), 0);
          const before = [...now.get(p)!].reduce((s, g) => s + kbOf(g), 0);
          cost += kb - before;
          // Only a page the merge makes heavier is held to the bound (one already over it may still lose files).
          if (kb > before && entryKB + kb > options.maxKB) fits = false;
        }
        if (!fits || (best && cost >= best.cost)) continue;
        if (makesCycle(a, b, groupOf, members, byFile)) continue;
        best = { a, b, cost };
      }
    }
    if (!best) break;
    const moved = members.get(best.b)!;
    members.get(best.a)!.push(...moved);
    members.delete(best.b);
    for (const f of moved) groupOf.set(f, best.a);
  }

  const plan: ChunkPlan = new Map();
  const name = (file: string, to: string) => {
    for (const m of byFile.get(file)!.modules) plan.set(m, to);
  };
  // Every module of the first loads is named, the entry's and the pages' own too: modules left to Rollup beside
  // manual chunks are dealt out again (the entry split into eight in a trial), which would undo the plan.
  for (const f of loaded) name(f, entry.name);
  // Rollup puts every module given one name into one chunk: each group's name is its own (two chunks of the first
  // pass may share a name, and none may take the entry's).
  const taken = new Set([entry.name]);
  const unique = (wanted: string) => {
    let to = wanted;
    for (let i = 2; taken.has(to); i++) to = `${wanted}-${i}`;
    taken.add(to);
    return to;
  };
  let n = 0;
  for (const [g, files] of [...members].sort(([a], [b]) => a.localeCompare(b))) {
    const to = unique(files.length === 1 ? byFile.get(g)!.name : `first-load-${++n}`);
    for (const f of files) name(f, to);
  }
  return plan;
}

/**
 * Whether merging the groups `a` and `b` would make a group import itself through another: walked over the groups
 * as they stand (an earlier merge's group is one node), with `a` and `b` as one.
 */
function makesCycle(
  a: string,
  b: string,
  groupOf: ReadonlyMap<string, string>,
  members: ReadonlyMap<string, readonly string[]>,
  byFile: ReadonlyMap<string, PlanChunk>,
): boolean {
  const node = (f: string) => {
    const g = groupOf.get(f) ?? f;
    return g === b ? a : g;
  };
  const importsOf = (g: string) => {
    const files = g === a ? [...members.get(a)!, ...members.get(b)!] : (members.get(g) ?? [g]);
    return files.flatMap((f) => (byFile.get(f)?.imports ?? []).map(node)).filter((i) => i !== g);
  };
  // From the merged group's imports, can the walk come back to it?
  const seen = new Set<string>();
  const stack = importsOf(a);
  while (stack.length > 0) {
    const g = stack.pop()!;
    if (g === a) return true;
    if (seen.has(g)) continue;
    seen.add(g);
    stack.push(...importsOf(g));
  }
  return false;
}

/** The plan's input from a first pass's output. */
export function planChunksOf(output: RollupOutput): PlanChunk[] {
  return output.output
    .filter((o): o is OutputChunk => o.type === "chunk")
    .map((c) => ({
      file: c.fileName,
      name: c.name,
      isEntry: c.isEntry,
      imports: c.imports,
      modules: c.moduleIds,
      gzipKB: gzipSync(c.code, { level: 9 }).length / 1024,
    }));
}

/**
 * Vite plugin: builds once with `firstPass` (the same app, written nowhere), plans the first loads' chunks from it
 * and gives the plan to this build as its manual chunks. `pageModules` are relative to `root`.
 */
export function firstLoadChunks(options: {
  firstPass: () => InlineConfig;
  root: string;
  pageModules: Record<string, readonly string[]>;
  plan: PlanOptions;
}): Plugin {
  return {
    name: "lotto:first-load-chunks",
    apply: "build",
    async config() {
      const app = options.firstPass();
      const first = await build({ ...app, configFile: false, logLevel: "silent", build: { ...app.build, write: false } });
      const output = Array.isArray(first) ? first[0] : first;
      if (!output || !("output" in output)) throw new Error("first-load chunks: the first pass gave no output");
      const pageModules = Object.fromEntries(
        Object.entries(options.pageModules).map(([page, modules]) => [page, modules.map((m) => `${options.root}/${m}`)]),
      );
      const plan = planFirstLoadChunks(planChunksOf(output), pageModules, options.plan);
      return {
        build: {
          rollupOptions: {
            output: {
              // Only the modules the plan names go into its chunks; without this Rollup pulls their imports in too.
              onlyExplicitManualChunks: true,
              manualChunks: (id: string) => plan.get(id),
            },
          },
        },
      };
    },
  };
}
