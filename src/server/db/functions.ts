import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/**
 * SQL functions as source files (docs/decisions/013), each release's in a schema of its own
 * (docs/decisions/054): `functions/<name>.sql` holds the current text of the function `<name>` (CREATE OR
 * REPLACE). They are applied after the versioned migrations on every start, in one transaction:
 * - a trigger function (RETURNS trigger) belongs to the tables its triggers are on and lives in `public`;
 *   a file whose result type or parameters changed in a way CREATE OR REPLACE cannot take replaces the
 *   function of those argument types (dropped first, found by making the file's function in the session's
 *   temporary schema and comparing, docs/decisions/049);
 * - every other function (what the app calls: place_slip, ledger_post …) is made in the release's schema,
 *   `lotto_fn_<digest of the files>` (`releaseSchema`), once: a schema of that name already holds exactly
 *   these texts. Every connection of the release finds its functions first (`releaseConnection`), so an
 *   instance of the release before keeps calling its own while both serve;
 * - another release's schema is dropped once no instance of that release holds it (`holdRelease`); the
 *   functions a build from before decision 054 made in `public` are dropped once no connection of such a
 *   build remains (every connection of a later build names its release).
 * Extension functions (pgcrypto) are left alone.
 */
export const FUNCTIONS_DIR = fileURLToPath(new URL("./functions", import.meta.url));

/** The prefix of every release's function schema, and of the application_name of every connection of a release. */
export const RELEASE_PREFIX = "lotto_fn_";

export function functionSources(dir = FUNCTIONS_DIR): Array<{ name: string; text: string }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), text: readFileSync(join(dir, f), "utf8") }));
}

/** A trigger function: it belongs to its tables (one per database), not to a release. */
function isTriggerFunction(text: string): boolean {
  return /\)\s*RETURNS\s+trigger\b/i.test(text);
}

/** The schema of this build's functions: named by a digest of every function file, so two builds with the same files share it. */
export function releaseSchema(dir = FUNCTIONS_DIR): string {
  const hash = createHash("sha256");
  for (const { name, text } of functionSources(dir)) hash.update(`${name}\0${text}\0`);
  return RELEASE_PREFIX + hash.digest("hex").slice(0, 12);
}

/**
 * What every connection of this build sets at its start (no extra round trip): its release's functions found
 * first, then the tables in `public`; and its release's name, by which a start tells this build's connections
 * from those of a build before decision 054.
 */
export function releaseConnection(dir = FUNCTIONS_DIR): { options: string; application_name: string } {
  const schema = releaseSchema(dir);
  return { options: `-c search_path=${schema},public`, application_name: schema };
}

/** The advisory lock every running instance of a release holds shared, so no start drops its functions. */
function releaseLockKey(schema: string): string {
  return `hashtextextended('lotto:release:${schema}', 0)`;
}

/**
 * Holds this release's functions for as long as the process runs: a session's shared advisory lock on the
 * release, on a connection of its own, taken BEFORE the migrations (so no start racing this one can drop the
 * schema between its making and its use). The connection is re-made if it drops; if the schema has gone
 * meanwhile (every holder lost its connection while another release started), that is logged, loudly.
 */
export async function holdRelease(ownerUrl: string, log: (line: string) => void, dir = FUNCTIONS_DIR): Promise<{ stop(): Promise<void> }> {
  const schema = releaseSchema(dir);
  let client: pg.Client | null = null;
  let stopping = false;
  let wasHeld = false;
  const hold = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: ownerUrl, ...releaseConnection(dir) });
    const again = () => {
      if (stopping || client !== c) return;
      client = null;
      c.end().catch(() => {});
      setTimeout(() => void hold().catch(() => setTimeout(again, 2_000)), 1_000);
    };
    c.on("error", again);
    c.on("end", again);
    await c.connect();
    await c.query(`select pg_advisory_lock_shared(${releaseLockKey(schema)})`);
    client = c;
    const present = await c.query("select 1 from pg_namespace where nspname = $1", [schema]);
    if (present.rowCount === 0 && wasHeld)
      log(`the SQL functions of this release (${schema}) are gone from the database: restart this instance`);
    wasHeld = true;
  };
  await hold();
  return {
    async stop() {
      stopping = true;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Applies every function file inside the caller's connection (the caller holds the schema lock); returns what
 * was dropped as stale: functions of `public` (a trigger function no file defines, or a build's from before
 * decision 054 once none of its connections remains) and other releases' schemas no instance holds.
 * `newer`: the database was migrated by a newer build, whose trigger functions and leftovers are left alone;
 * this build's own schema is still made, so an older instance restarted during a rollout keeps serving.
 */
export async function applyFunctions(client: pg.ClientBase, dir = FUNCTIONS_DIR, options: { newer?: boolean } = {}): Promise<string[]> {
  const sources = functionSources(dir);
  for (const { name, text } of sources) {
    if (!headOf(name).test(text)) throw new Error(`functions/${name}.sql must define the function ${name} with CREATE OR REPLACE`);
  }
  const triggers = sources.filter((s) => isTriggerFunction(s.text));
  const callable = sources.filter((s) => !isTriggerFunction(s.text));
  const schema = releaseSchema(dir);
  await client.query("begin");
  try {
    const stale: string[] = [];
    if (!options.newer) {
      // Each function's row as it stands before: CREATE OR REPLACE rewrites the row of every function a
      // file defines (a new xmin), so a row still the same afterwards belongs to no file.
      const before = await client.query<{ sig: string; row: string }>(`${ownFunctions} select sig, row from own`);
      const untouched = new Set(before.rows.map((r) => `${r.sig}@${r.row}`));
      await client.query("set local search_path = public");
      await createAll(client, triggers, true);
      const after = await client.query<{ sig: string; row: string; trigger: boolean }>(`${ownFunctions} select sig, row, trigger from own`);
      // A build from before decision 054 made its functions in `public` and still calls them there while any of
      // its instances serves: they stay until no connection of such a build remains.
      const olderBuildConnected = (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
              and coalesce(application_name, '') not like '${RELEASE_PREFIX}%'`,
        )
      ).rows[0]!.n;
      for (const r of after.rows) {
        if (!untouched.has(`${r.sig}@${r.row}`) || (!r.trigger && olderBuildConnected > 0)) continue;
        await client.query(`drop function ${r.sig}`);
        stale.push(r.sig);
      }
    }
    const made = await client.query("select 1 from pg_namespace where nspname = $1", [schema]);
    if (made.rowCount === 0) {
      // The schema is made whole or not at all (this transaction): when it exists, it holds these texts.
      await client.query(`create schema ${schema}`);
      await client.query(`grant usage on schema ${schema} to public`);
      await client.query(`set local search_path = ${schema}, public`);
      await createAll(client, callable, false);
    }
    // Other releases' schemas that no running instance holds (pg_try_advisory_xact_lock fails while one holds it shared).
    const others = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like '${RELEASE_PREFIX}%' and nspname <> $1 order by nspname`,
      [schema],
    );
    for (const { name } of others.rows) {
      const free = await client.query<{ ok: boolean }>(`select pg_try_advisory_xact_lock(${releaseLockKey(name)}) as ok`);
      if (!free.rows[0]!.ok) continue;
      await client.query(`drop schema ${name} cascade`);
      stale.push(`${name}.*`);
    }
    await client.query("commit");
    return stale;
  } catch (e) {
    await client.query("rollback");
    throw e;
  }
}

function headOf(name: string): RegExp {
  return new RegExp(`create\\s+or\\s+replace\\s+function\\s+${name}\\s*\\(`, "i");
}

/**
 * Makes the files' functions in the first schema of the search path. Functions may call functions defined in
 * later files, so all are made with body checks off, then each once more with them on: a file that does not
 * compile fails the start here, not the first call. `replacing`: a function already there whose result or
 * parameters the file changes (which CREATE OR REPLACE cannot do) is dropped first.
 */
async function createAll(client: pg.ClientBase, sources: Array<{ name: string; text: string }>, replacing: boolean): Promise<void> {
  await client.query("set local check_function_bodies = off");
  for (const { name, text } of sources) {
    await client.query("savepoint fn");
    try {
      // Dropped first when the file changes what CREATE OR REPLACE cannot: asked before, so a normal start
      // does not make PostgreSQL log the refusal (docs/decisions/049).
      if (replacing)
        for (const sig of await replacedIncompatibly(
          client,
          name,
          text.replace(headOf(name), `CREATE OR REPLACE FUNCTION pg_temp.${name}(`),
        ))
          await client.query(`drop function ${sig}`);
      await client.query(text);
    } catch (e) {
      // 42P13: the result type or the parameters' names changed, which CREATE OR REPLACE cannot do.
      if ((e as { code?: string }).code !== "42P13" || !replacing) throw withFile(e, name);
      await client.query("rollback to savepoint fn");
      for (const sig of await overloads(client, name)) await client.query(`drop function ${sig}`);
      await client.query(text).catch((err: unknown) => {
        throw withFile(err, name);
      });
    }
    await client.query("release savepoint fn");
  }
  await client.query("set local check_function_bodies = on");
  for (const { name, text } of sources)
    await client.query(text).catch((err: unknown) => {
      throw withFile(err, name);
    });
}

/** The functions of `public` (not an extension's), each with its row's version and whether it is a trigger function. */
const ownFunctions = `with own as (
  select p.oid::regprocedure::text as sig, p.oid::text || '/' || p.xmin::text || '/' || p.ctid::text as row,
         p.prorettype = 'trigger'::regtype as trigger
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
