import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "./client";

/**
 * During a rolling upgrade the release before still serves on the database the new release migrated
 * (docs/decisions/054): a migration may add (tables, nullable columns or columns with a default, indexes,
 * functions) but not take away or tighten what that release's SQL reads and writes. A step that does is a
 * "contract" step: it ships in a later release than the one that stopped using the thing, and says so on a
 * line `-- rolling-upgrade: contract <why the release before no longer uses it>`.
 */
const FIRST_CHECKED = 38;

const CONTRACTING: Array<[RegExp, string]> = [
  [/\bdrop\s+column\b/i, "drops a column"],
  [/\brename\s+column\b/i, "renames a column"],
  [/\balter\s+table\s+("?[\w.]+"?)\s+rename\s+to\b/i, "renames a table"],
  [/\bdrop\s+table\b/i, "drops a table"],
  [/\bdrop\s+(type|view|materialized\s+view|sequence)\b/i, "drops a type, view or sequence"],
  [/\balter\s+column\s+"?\w+"?\s+set\s+not\s+null\b/i, "makes a column NOT NULL"],
  [/\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i, "changes a column's type"],
];

/** An added column the release before does not write: NOT NULL needs a default. */
function addsRequiredColumn(statement: string): boolean {
  return statement
    .split(/,\s*(?=add\s+column\b)/i)
    .some((clause) => /\badd\s+column\b/i.test(clause) && /\bnot\s+null\b/i.test(clause) && !/\bdefault\b/i.test(clause));
}

/** What a migration's text does that the release before could not live with, unless marked as a contract step. */
function contractingSteps(text: string): string[] {
  if (/^\s*--\s*rolling-upgrade:\s*contract\s+\S/m.test(text)) return [];
  // Comments (drizzle's statement breakpoints among them) say nothing about what a statement does.
  return text
    .replace(/--[^\n]*/g, "")
    .split(";")
    .flatMap((statement) => [
      ...CONTRACTING.filter(([pattern]) => pattern.test(statement)).map(([, what]) => `${what}: ${statement.trim()}`),
      ...(addsRequiredColumn(statement) ? [`adds a NOT NULL column without a default: ${statement.trim()}`] : []),
    ]);
}

describe("migrations keep the release before working (docs/decisions/054)", () => {
  it("finds the steps a release before could not live with", () => {
    expect(contractingSteps(`ALTER TABLE "slips" DROP COLUMN "note";`)).toHaveLength(1);
    expect(contractingSteps(`ALTER TABLE "slips" RENAME COLUMN "note" TO "remark";`)).toHaveLength(1);
    expect(contractingSteps(`ALTER TABLE "slips" RENAME TO "tickets";`)).toHaveLength(1);
    expect(contractingSteps(`DROP TABLE "old_things";`)).toHaveLength(1);
    expect(contractingSteps(`ALTER TABLE "slips" ALTER COLUMN "note" SET NOT NULL;`)).toHaveLength(1);
    expect(contractingSteps(`ALTER TABLE "slips" ALTER COLUMN "note" SET DATA TYPE integer;`)).toHaveLength(1);
    expect(contractingSteps(`ALTER TABLE "slips" ADD COLUMN "channel" text NOT NULL;`)).toHaveLength(1);
    // Adding is fine: a nullable column, a NOT NULL one with a default, a table, an index, a looser column.
    expect(
      contractingSteps(`ALTER TABLE "slips" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "slips" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
CREATE TABLE "notes" ("id" bigint PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "slips_channel_idx" ON "slips" ("channel");--> statement-breakpoint
ALTER TABLE "digit_prices" ALTER COLUMN "new_price_x100" DROP NOT NULL;`),
    ).toEqual([]);
    // A contract step says why the release before no longer needs what it removes.
    expect(
      contractingSteps(`-- rolling-upgrade: contract slips.note unread since the release with migration 0040
ALTER TABLE "slips" DROP COLUMN "note";`),
    ).toEqual([]);
  });

  it(`no migration from ${FIRST_CHECKED} on removes or tightens what the release before uses, unless marked as a contract step`, () => {
    const offending = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= FIRST_CHECKED)
      .sort()
      .flatMap((f) => contractingSteps(readFileSync(join(MIGRATIONS_DIR, f), "utf8")).map((s) => `${f}: ${s}`));
    expect(offending).toEqual([]);
  });
});
