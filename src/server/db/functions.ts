import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";

/**
 * SQL functions as source files (docs/decisions/013): `functions/<name>.sql` holds the current text of
 * the function `<name>` (CREATE OR REPLACE). They are applied after the versioned migrations on every
 * start, in one transaction, so a change to a function is a change to its file:
 * - a file whose result type or parameters changed in a way CREATE OR REPLACE cannot take replaces the function
 *   of those argument types (dropped first, found by making the file's function in the session's temporary
 *   schema and comparing, docs/decisions/049);
 * - a function of the schema that no file defines any more (an older overload, a removed function) is
 *   dropped, so a database made before a change ends with the same functions as a new one.
 * Extension functions (pgcrypto) are left alone.
 */
export const FUNCTIONS_DIR = fileURLToPath(new URL("./functions", import.meta.url));

export function functionSources(dir = FUNCTIONS_DIR): Array<{ name: string; text: string }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), text: readFileSync(join(dir, f), "utf8") }));
}

/** Applies every function file inside the caller's connection; returns the functions dropped as stale. */
export async function applyFunctions(client: pg.ClientBase, dir = FUNCTIONS_DIR): Promise<string[]> {
  const sources = functionSources(dir);
  await client.query("begin");
  try {
    // Each function's row as it stands before: CREATE OR REPLACE rewrites the row of every function a
    // file defines (a new xmin), so a row still the same afterwards belongs to no file.
    const before = await client.query<{ sig: string; row: string }>(`${ownFunctions} select sig, row from own`);
    const untouched = new Set(before.rows.map((r) => `${r.sig}@${r.row}`));
    // Functions may call functions defined in later files.
    await client.query("set local check_function_bodies = off");
    for (const { name, text } of sources) {
      const head = new RegExp(`create\\s+or\\s+replace\\s+function\\s+${name}\\s*\\(`, "i");
      if (!head.test(text)) {
        throw new Error(`functions/${name}.sql must define the function ${name} with CREATE OR REPLACE`);
      }
      await client.query("savepoint fn");
      try {
        // Dropped first when the file changes what CREATE OR REPLACE cannot: asked before, so a normal start
        // does not make PostgreSQL log the refusal (docs/decisions/049).
        for (const sig of await replacedIncompatibly(client, name, text.replace(head, `CREATE OR REPLACE FUNCTION pg_temp.${name}(`)))
          await client.query(`drop function ${sig}`);
        await client.query(text);
      } catch (e) {
        // 42P13: the result type or the parameters' names changed, which CREATE OR REPLACE cannot do.
        if ((e as { code?: string }).code !== "42P13") throw withFile(e, name);
        await client.query("rollback to savepoint fn");
        for (const sig of await overloads(client, name)) await client.query(`drop function ${sig}`);
        await client.query(text).catch((err: unknown) => {
          throw withFile(err, name);
        });
      }
      await client.query("release savepoint fn");
    }
    // Now that every function exists, each file once more with its body checked: a file that does not
    // compile fails the start here, not the first call.
    await client.query("set local check_function_bodies = on");
    for (const { name, text } of sources)
      await client.query(text).catch((err: unknown) => {
        throw withFile(err, name);
      });
    const after = await client.query<{ sig: string; row: string }>(`${ownFunctions} select sig, row from own`);
    const stale = after.rows.filter((r) => untouched.has(`${r.sig}@${r.row}`)).map((r) => r.sig);
    for (const sig of stale) await client.query(`drop function ${sig}`);
    await client.query("commit");
    return stale;
  } catch (e) {
    await client.query("rollback");
    throw e;
  }
}

/** The schema's own functions (not an extension's), each with its row's version. */
const ownFunctions = `with own as (
  select p.oid::regprocedure::text as sig, p.oid::text || '/' || p.xmin::text || '/' || p.ctid::text as row
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'))`;

/**
 * The functions named `name` that the file's text (`scratch`: the same text made in the session's temporary
 * schema) would replace but cannot: same argument types, another result (type, OUT columns) or other argument
 * names, modes or defaults — PostgreSQL's 42P13. The scratch copy is dropped again.
 */
async function replacedIncompatibly(client: pg.ClientBase, name: string, scratch: string): Promise<string[]> {
  await client.query(scratch);
  const r = await client.query<{ sig: string }>(
    `select p.oid::regprocedure::text as sig
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       join pg_proc c on c.proname = p.proname and c.pronamespace = pg_my_temp_schema() and c.proargtypes = p.proargtypes
      where n.nspname = 'public' and p.proname = $1
        and (pg_get_function_result(c.oid) is distinct from pg_get_function_result(p.oid)
          or pg_get_function_arguments(c.oid) is distinct from pg_get_function_arguments(p.oid)
          or c.proretset <> p.proretset)`,
    [name],
  );
  const made = await client.query<{ sig: string }>(
    "select p.oid::regprocedure::text as sig from pg_proc p where p.pronamespace = pg_my_temp_schema() and p.proname = $1",
    [name],
  );
  for (const { sig } of made.rows) await client.query(`drop function ${sig}`);
  return r.rows.map((x) => x.sig);
}

async function overloads(client: pg.ClientBase, name: string): Promise<string[]> {
  const r = await client.query<{ sig: string }>(
    `select p.oid::regprocedure::text as sig from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = $1`,
    [name],
  );
  return r.rows.map((x) => x.sig);
}

function withFile(e: unknown, name: string): Error {
  const err = e instanceof Error ? e : new Error(String(e));
  err.message = `functions/${name}.sql: ${err.message}`;
  return err;
}
