import type { Column, Table } from "drizzle-orm";
import type * as schema from "./schema";

/**
 * Row types of raw SQL (`db.execute<…>(sql`…`)`) derived from the Drizzle tables, so a row type names
 * only real columns, with the type the driver really hands over (docs/decisions/042-checked-row-types.md).
 *
 * `Row<"deposit_requests", "id" | "expires_at">` is the row of `select id, expires_at from deposit_requests`:
 * keys are SQL column names (the schema's property names are camelCase, its column names snake_case, and
 * raw SQL returns the latter). A misspelt table or column is a compile error; a column's type cannot be
 * written wrong because it is not written. `Col<"accounts", "id">` is one column's type, for a column read
 * under another name (`id as account_id`). What a query computes (an aggregate, an expression, a cast) is
 * not a column: it is typed by hand inside `Computed<…>`, which marks it as unchecked.
 */

/** Every table of the schema, by its SQL name. */
type Tables = {
  [K in keyof typeof schema as (typeof schema)[K] extends Table ? (typeof schema)[K]["_"]["name"] : never]: (typeof schema)[K];
};
export type TableName = keyof Tables;

/**
 * Column kinds that arrive as text through `db.execute`: pg-types gives int8 and numeric as strings, and
 * drizzle's node-postgres session turns pg's own parsers for timestamptz, timestamp, date and interval off
 * (they arrive as PostgreSQL prints them, e.g. `2026-11-28 05:28:11.44+00`), whatever mode the schema
 * gives the column for drizzle's own queries. `tests/api/row-types.test.ts` checks this list against
 * the driver, and the schema against the migrated database.
 */
export const TEXT_COLUMN_TYPES = [
  "PgBigInt53",
  "PgBigInt64",
  "PgBigSerial53",
  "PgBigSerial64",
  "PgNumeric",
  "PgNumericNumber",
  "PgNumericBigInt",
  "PgTimestamp",
  "PgTimestampString",
  "PgDate",
  "PgDateString",
  "PgInterval",
] as const;

/** A column's value as `db.execute` returns it. */
type Raw<C extends Column> =
  | (C["_"]["columnType"] extends (typeof TEXT_COLUMN_TYPES)[number] ? string : C["_"]["data"])
  | (C["_"]["notNull"] extends true ? never : null);

/** A table's whole row under its SQL column names. */
type Columns<T extends TableName> = Tables[T]["_"]["columns"];
type FullRow<T extends TableName> = {
  [K in keyof Columns<T> as Columns<T>[K] extends Column ? Columns<T>[K]["_"]["name"] : never]: Columns<T>[K] extends Column
    ? Raw<Columns<T>[K]>
    : never;
};

/** The named columns of a table's row (all of them when none are named). */
export type Row<T extends TableName, C extends keyof FullRow<T> = keyof FullRow<T>> = Pick<FullRow<T>, C>;

/** One column's value, for a column read under another name. */
export type Col<T extends TableName, C extends keyof FullRow<T>> = FullRow<T>[C];

/** Values a query computes (aggregates, expressions, casts): typed by hand, not checked against the schema. */
export type Computed<T extends Record<string, unknown>> = T;

/**
 * A row whose text columns are narrowed to the values their CHECK constraint allows (the schema types them
 * `text`). Each narrowed type must fit the column's own type and name a column of the row, so a renamed or
 * retyped column is still a compile error.
 */
export type Narrow<R, N extends { [K in keyof N]: K extends keyof R ? R[K] : never }> = Omit<R, keyof N> & N;
