import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MOVEMENT_KINDS } from "../../domain/movements";

// The back office, the player's history and the reports show a movement kind through the one Thai label
// table (src/domain/movements.ts). The TypeScript services can only name a kind of that table (Movement.kind
// is MovementKind); the SQL side is checked here: every kind the migrations allow and every kind a SQL
// function posts must have its label.

const root = join(__dirname, "..", "db");
const sqlFiles = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".sql"))
    .map((f) => readFileSync(join(root, dir, f), "utf8"));

function kindsAllowedByMigrations(): string[] {
  const kinds: string[] = [];
  for (const text of sqlFiles("migrations")) {
    for (const insert of text.matchAll(/INSERT INTO "?movement_kinds"?\s*\(kind\)\s*VALUES([^;]+);/gi)) {
      for (const m of insert[1]!.matchAll(/\('([^']+)'\)/g)) kinds.push(m[1]!);
    }
  }
  return kinds;
}

describe("Thai labels of movement kinds", () => {
  it("every kind the database allows has a Thai label, and the table has no kind the database refuses", () => {
    const allowed = kindsAllowedByMigrations();
    expect(allowed.length).toBeGreaterThanOrEqual(18);
    for (const kind of allowed) expect(MOVEMENT_KINDS, kind).toHaveProperty([kind]);
    expect(Object.keys(MOVEMENT_KINDS).sort()).toEqual([...new Set(allowed)].sort());
    for (const label of Object.values(MOVEMENT_KINDS)) expect(label).toMatch(/^[\u0E00-\u0E7F]/);
  });

  it("every kind a SQL function posts through ledger_post has a Thai label", () => {
    const posted = sqlFiles("functions").flatMap((text) => [...text.matchAll(/ledger_post\(\s*'([^']+)'/g)].map((m) => m[1]!));
    expect(posted).toContain("stake");
    for (const kind of posted) expect(MOVEMENT_KINDS, kind).toHaveProperty([kind]);
  });

  it("labels differ, so no two kinds read the same in a list", () => {
    const labels = Object.values(MOVEMENT_KINDS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
