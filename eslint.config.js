import js from "@eslint/js";
import globals from "globals";
import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";

const SERVER = ["**/server", "**/server/**"];
const WEB = ["**/web", "**/web/**"];
/** What nothing in web/ imports; repeated in the docs/decisions/041 blocks below, since a later block's rule options replace these. */
const WEB_PATTERNS = [
  {
    group: [...SERVER, "**/tests/**", "**/e2e/**", "**/scripts/**", "**/bench/**"],
    message: "The browser imports only domain/ and contract/ from outside web/.",
  },
  { group: ["node:*", "pg", "drizzle-orm*", "fastify*", "@fastify/*"], message: "Server-only package in the browser." },
];

// DESIGN.md §3: domain/ is pure and imports nothing from server or web; contract/ is shared by both
// sides; the browser imports only domain/ and contract/ from outside web/.
export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".data/**", "src/server/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type-aware rules (docs/decisions/043): the project's tsconfig gives the types of every .ts file;
      // the few JavaScript files outside it are read in a default project.
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.js", "scripts/*.mjs", "src/web/public/sw.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // A dropped promise can drop money or hide a failure: await it, or mark fire-and-forget with `void`.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    files: ["src/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...SERVER, ...WEB, "**/contract", "**/contract/**"],
              message: "domain/ is pure: it imports nothing from server, web or contract.",
            },
            { group: ["node:*", "fs", "pg", "drizzle-orm*", "fastify*", "react*"], message: "domain/ has no I/O and no framework." },
          ],
        },
      ],
      "no-restricted-globals": ["error", { name: "fetch", message: "domain/ has no I/O." }],
    },
  },
  {
    files: ["src/contract/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: [...SERVER, ...WEB], message: "contract/ is shared: no server or web imports." }] },
      ],
    },
  },
  {
    files: ["src/web/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: WEB_PATTERNS,
        },
      ],
    },
  },
  {
    // docs/decisions/040: routes.ts and views.ts alone build wire replies.
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/**/routes.ts", "src/server/**/views.ts", "src/server/http/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Property[key.name='status'] Literal[value='Success']",
          message: "Only routes.ts and views.ts build wire replies (docs/decisions/040): return a domain value.",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../*/repository", "../*/repository.ts"],
              message: "Another area's repository: go through that area's entry point (docs/decisions/040).",
            },
          ],
        },
      ],
    },
  },
  // docs/decisions/041: each feature calls the server only through its own features/<feature>/api/<call>.ts files,
  // and imports no other feature and nothing of app/; what several features share lives in lib/ or components/.
  // One block per feature (the features are the folders of src/web/features), since "another feature" depends on
  // which one is importing; the web-wide patterns are repeated because a later block's options replace earlier ones.
  ...webBoundaries(),
);

/** The import boundaries of docs/decisions/041, one config block per feature folder and one for the rest of web/. */
function webBoundaries() {
  const features = readdirSync(new URL("./src/web/features", import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const apiClient = {
    group: ["**/lib/api", "**/lib/api.ts"],
    message: "Server calls go through a features/<feature>/api/<call>.ts file (docs/decisions/041).",
  };
  const app = {
    group: ["**/app", "**/app/**"],
    message: "A feature imports nothing of app/: shared pieces live in lib/ or components/ (docs/decisions/041).",
  };
  /** Another feature, as a file `depth` folders below features/<feature>/ spells it. */
  const others = (feature, depth) => ({
    group: features
      .filter((f) => f !== feature)
      .flatMap((f) => [`${"../".repeat(depth + 1)}${f}`, `${"../".repeat(depth + 1)}${f}/**`, `**/features/${f}`, `**/features/${f}/**`]),
    message: `A feature imports no other feature: what several share lives in lib/ or components/ (docs/decisions/041).`,
  });
  const shared = {
    group: ["**/features/**", "**/app", "**/app/**"],
    message: "lib/ and components/ are shared: they import no feature and nothing of app/ (docs/decisions/041).",
  };
  const rule = (...patterns) => ({ "no-restricted-imports": ["error", { patterns: [...WEB_PATTERNS, ...patterns] }] });
  return [
    { files: ["src/web/app/**", "src/web/main.tsx"], rules: rule(apiClient) },
    { files: ["src/web/components/**"], rules: rule(apiClient, shared) },
    { files: ["src/web/lib/**"], rules: rule(shared) },
    ...features.flatMap((f) => [
      { files: [`src/web/features/${f}/**`], ignores: [`src/web/features/${f}/api/**`], rules: rule(others(f, 0), app, apiClient) },
      { files: [`src/web/features/${f}/api/**`], rules: rule(others(f, 1), app) },
    ]),
  ];
}
