import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVER = ["**/server", "**/server/**"];
const WEB = ["**/web", "**/web/**"];

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
            { group: [...SERVER, ...WEB, "**/contract", "**/contract/**"], message: "domain/ is pure: it imports nothing from server, web or contract." },
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
      "no-restricted-imports": ["error", { patterns: [{ group: [...SERVER, ...WEB], message: "contract/ is shared: no server or web imports." }] }],
    },
  },
  {
    files: ["src/web/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...SERVER, "**/tests/**", "**/e2e/**", "**/scripts/**", "**/bench/**"],
              message: "The browser imports only domain/ and contract/ from outside web/.",
            },
            { group: ["node:*", "pg", "drizzle-orm*", "fastify*", "@fastify/*"], message: "Server-only package in the browser." },
          ],
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
        { selector: "Property[key.name='status'] Literal[value='Success']", message: "Only routes.ts and views.ts build wire replies (docs/decisions/040): return a domain value." },
      ],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*/repository", "../*/repository.ts"], message: "Another area's repository: go through that area's entry point (docs/decisions/040)." }] },
      ],
    },
  },
);
