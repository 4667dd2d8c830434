import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import { TEXT_COLUMN_TYPES } from "../../src/server/db/rows";
import * as schema from "../../src/server/db/schema";
import { useTestApp } from "../support/fixture";

// The raw SQL's row types (src/server/db/rows.ts) are derived from the Drizzle tables; they hold only
// while the tables say what the migrated database has and the driver hands values over as rows.ts
// assumes (docs/decisions/042-checked-row-types.md).

const app = useTestApp();

const tables = Object.values(schema as Record<string, unknown>)
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableConfig(t));

it("every Drizzle table has exactly the migrated database's columns, types and nullability", async () => {
  const rows = await app.t.owner.execute<{ table_name: string; column_name: string; type: string; not_null: boolean }>(sql`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`);
  const inDatabase = new Map<string, Map<string, { type: string; notNull: boolean }>>();
  for (const r of rows.rows) {
    if (!inDatabase.has(r.table_name)) inDatabase.set(r.table_name, new Map());
    inDatabase.get(r.table_name)!.set(r.column_name, { type: r.type, notNull: r.not_null });
  }
  for (const table of tables) {
    const columns = inDatabase.get(table.name);
    expect(columns, `table ${table.name} is in the database`).toBeDefined();
    const declared = Object.fromEntries(table.columns.map((c) => [c.name, { type: c.getSQLType(), notNull: c.notNull }]));
    expect(declared, `columns of ${table.name}`).toEqual(Object.fromEntries(columns!));
  }
});

// One value of each SQL type the schema uses, to see what the driver makes of it.
const SAMPLES: Record<string, string> = {
  bigint: "1",
  integer: "1",
  text: "'a'",
  uuid: "gen_random_uuid()",
  boolean: "true",
  jsonb: `'{"a": 1}'`,
  bytea: `'\\x00'`,
  "timestamp with time zone": "now()",
  date: "current_date",
};

it("db.execute hands each column kind over as rows.ts types it", async () => {
  const kinds = new Map<string, { sqlType: string; dataType: string }>();
  for (const t of tables)
    for (const c of t.columns) kinds.set(`${c.columnType} ${c.getSQLType()}`, { sqlType: c.getSQLType(), dataType: c.dataType });
  const asText: readonly string[] = TEXT_COLUMN_TYPES;
  for (const [kind, { sqlType, dataType }] of kinds) {
    const sample = SAMPLES[sqlType];
    expect(sample, `a sample value of ${sqlType} in this test`).toBeDefined();
    const r = await app.t.db.execute<{ v: unknown }>(sql.raw(`select (${sample})::${sqlType} as v`));
    const v = r.rows[0]!.v;
    const columnType = kind.split(" ")[0]!;
    if (asText.includes(columnType)) expect(typeof v, kind).toBe("string");
    else if (dataType === "custom") expect(Buffer.isBuffer(v), kind).toBe(true);
    else
      expect(typeof v, kind).toBe(
        { string: "string", number: "number", boolean: "boolean", json: "object" }[dataType] ?? `(no expectation for ${dataType})`,
      );
  }
});
