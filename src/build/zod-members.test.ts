import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Z_MEMBERS } from "../web/lib/zod-members";

const src = fileURLToPath(new URL("..", import.meta.url));

/** The source files the browser's build points at zod-on-demand.ts (vite.config.ts, `zodOnDemand`). */
function browserSources(): { file: string; text: string }[] {
  return ["contract", "web", "domain"].flatMap((dir) =>
    readdirSync(join(src, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(join(src, dir, f), "utf8") })),
  );
}

describe("the members of zod the browser fetches on demand (src/web/lib/zod-members.ts, docs/decisions/059)", () => {
  it("hold every member of `z` that a module importing zod's `z` as a value reads", () => {
    const used = new Set<string>();
    for (const { text } of browserSources()) {
      if (!/^import \{ z \} from "zod";$/m.test(text)) continue;
      for (const m of text.matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)) if (m[1]! in z) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((name) => !(name in Z_MEMBERS)).sort();
    expect(missing).toEqual([]);
  });

  it("are zod's own", () => {
    for (const [name, value] of Object.entries(Z_MEMBERS)) expect(value, name).toBe((z as Record<string, unknown>)[name]);
  });

  it("are the only import of zod's values in the browser's modules besides the schemas' `z`", () => {
    const others = browserSources().filter(
      ({ file, text }) => file !== "web/lib/zod-members.ts" && /^import (?!type )(?!\{ z \} from)[^;]* from "zod(\/[^"]*)?";$/m.test(text),
    );
    expect(others.map((o) => o.file)).toEqual([]);
  });
});
