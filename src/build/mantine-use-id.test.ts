import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MANTINE_REDUCED_MOTION, MANTINE_USE_ID } from "../../vite.config";

/** The ESM folder of an installed @mantine package. */
const esmOf = (pkg: string) => fileURLToPath(new URL(`../../node_modules/${pkg}/esm`, import.meta.url));

/** Every import or re-export specifier in the ESM files of an installed @mantine package. */
function specifiersOf(pkg: string): { file: string; specifier: string }[] {
  const esm = esmOf(pkg);
  const files = readdirSync(esm, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".mjs"));
  return files.flatMap((file) =>
    [...readFileSync(join(esm, file), "utf8").matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((m) => ({ file, specifier: m[1]! })),
  );
}

/**
 * Checks that `alias` catches exactly the import through which @mantine/hooks' index re-exports `hook` from
 * `file` (its folder and file named after the hook), that Mantine's components reach it only through the
 * package's index, and that the replacement is the project's `replacement` file.
 */
function expectIndexImportReplaced(alias: { find: RegExp; replacement: string }, hook: string, file: string, replacement: string) {
  const specifier = `./${file}/${file}.mjs`;
  const hooks = specifiersOf("@mantine/hooks").filter((s) => alias.find.test(s.specifier));
  expect(hooks).toEqual([{ file: "index.mjs", specifier }]);
  const index = readFileSync(join(esmOf("@mantine/hooks"), "index.mjs"), "utf8");
  expect(index).toContain(`export { ${hook} } from '${specifier}';`);
  // Mantine's components import it from the package's index, never from the file, and nothing else is caught.
  const core = specifiersOf("@mantine/core");
  expect(core.some((s) => s.specifier === "@mantine/hooks")).toBe(true);
  expect(core.filter((s) => alias.find.test(s.specifier) || s.specifier.includes(file))).toEqual([]);
  expect(alias.replacement.replaceAll("\\", "/")).toMatch(new RegExp(`src/web/lib/${replacement}\\.ts$`));
}

describe("the build's useId in place of Mantine's (vite.config.ts, src/web/lib/mantine-use-id.ts)", () => {
  it("replaces exactly the one import through which all of Mantine reaches its useId", () => {
    expectIndexImportReplaced(MANTINE_USE_ID, "useId", "use-id", "mantine-use-id");
  });
});

describe("the build's useReducedMotion in place of Mantine's (vite.config.ts, src/web/lib/mantine-reduced-motion.ts)", () => {
  it("replaces the import through which Mantine's components reach it, and only that one", () => {
    expectIndexImportReplaced(MANTINE_REDUCED_MOTION, "useReducedMotion", "use-reduced-motion", "mantine-reduced-motion");
    // Transition, Collapse and the modals' scroll lock call it without arguments.
    const callers = readdirSync(esmOf("@mantine/core"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".mjs"))
      .flatMap((f) => [...readFileSync(join(esmOf("@mantine/core"), f), "utf8").matchAll(/useReducedMotion\(([^)]*)\)/g)].map((m) => m[1]));
    expect(callers.length).toBeGreaterThan(0);
    expect(callers.every((args) => args === "")).toBe(true);
  });
});
