import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PATHS } from "../web/lib/paths";
import { type Manifest, pageModules, pagePreloads, withPreloads } from "./first-load";

const WEB = join(__dirname, "..", "web");

// A build manifest of the shape Vite writes: the entry with a shared chunk, two pages importing it and more.
const MANIFEST: Manifest = {
  "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_shared-b.js"] },
  "_shared-b.js": { file: "assets/shared-b.js" },
  "_input-c.js": { file: "assets/input-c.js", imports: ["_shared-b.js"] },
  "app/shell.tsx": { file: "assets/shell-d.js", imports: ["_shared-b.js"] },
  "features/auth/sign-in-page.tsx": { file: "assets/sign-in-e.js", imports: ["_input-c.js", "_shared-b.js"] },
  "features/home/home-page.tsx": { file: "assets/home-f.js", imports: ["_input-c.js"] },
  // A page another chunk imports too: Rollup makes it a shared chunk named after the module.
  "_yeekee-page-D5Vwxr9Z.js": { file: "assets/yeekee-page-D5Vwxr9Z.js", name: "yeekee-page", imports: ["_input-c.js"] },
  "_yeekee-B_e7D6H2.js": { file: "assets/yeekee-B_e7D6H2.js", name: "yeekee" },
};

describe("the chunks a first visit preloads", () => {
  it("are the page's own chunks and what they import, without what the entry already loads", () => {
    expect(pagePreloads(MANIFEST, pageModules("/singInPage"))).toEqual(["assets/sign-in-e.js", "assets/input-c.js"]);
    expect(pagePreloads(MANIFEST, pageModules("/"))).toEqual(["assets/shell-d.js", "assets/home-f.js", "assets/input-c.js"]);
    // A module the build does not have (another build's page) adds nothing; an unknown path preloads nothing.
    expect(pagePreloads(MANIFEST, pageModules("/mainCredit"))).toEqual(["assets/shell-d.js"]);
    expect(pagePreloads(MANIFEST, pageModules("/no-such-page"))).toEqual([]);
    expect(pagePreloads(MANIFEST, pageModules("/yeekeePage/401"))).toEqual([
      "assets/shell-d.js",
      "assets/yeekee-page-D5Vwxr9Z.js",
      "assets/input-c.js",
    ]);
  });

  it("are named in the head of index.html, after what it loads itself", () => {
    const html =
      '<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n  </head>\n  <body></body>\n</html>';
    const out = withPreloads(html, ["assets/sign-in-e.js", "assets/input-c.js"]);
    expect(out).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/sign-in-e.js">\n    <link rel="modulepreload" crossorigin href="/assets/input-c.js">\n  </head>',
    );
    expect(out.indexOf("index-a.js")).toBeLessThan(out.indexOf("sign-in-e.js"));
    expect(withPreloads(html, [])).toBe(html);
  });

  it("follow the pages' own lazy imports: every listed module exists and is what lazy-pages.tsx or signed-in.ts imports", () => {
    // The pages without the shell and the shell itself are imported by lazy-pages.tsx, the pages inside the shell by signed-in.ts.
    const lazyPages = ["lazy-pages.tsx", "signed-in.ts"].map((f) => readFileSync(join(WEB, "app", f), "utf8")).join("\n");
    const imported = new Set([...lazyPages.matchAll(/import\("\.\/?\.?\/?([^"]+)"\)/g)].map((m) => m[1]!));
    const paths = Object.values(PATHS).map((p) => p.replace(/:[a-z]+/g, "1"));
    const listed = paths.flatMap((p) => [...pageModules(p)]);
    expect(listed.length).toBeGreaterThan(0);
    for (const m of listed) {
      expect(existsSync(join(WEB, m)), m).toBe(true);
      const asImported = m
        .replace(/\.tsx?$/, "")
        .replace(/^app\//, "")
        .replace(/^features\//, "features/");
      expect(
        [...imported].some((i) => i.endsWith(asImported)),
        `${m} is not one of lazy-pages.tsx's or signed-in.ts's imports`,
      ).toBe(true);
    }
    // The routes a player lands on first are listed.
    for (const p of ["/singInPage", "/", "/homeAllLotto", "/yeekeePage/1", "/register/1", "/mainCredit"])
      expect(pageModules(p).length, p).toBeGreaterThan(0);
  });
});
