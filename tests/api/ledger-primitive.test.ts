import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { MOVEMENT_KINDS } from "../../src/domain/movements";
import { exposureNumber } from "../../src/domain/slip";
import { connect, MIGRATIONS_DIR, runMigrations } from "../../src/server/db/client";
import { applyFunctions, functionSources, holdRelease, releaseSchema } from "../../src/server/db/functions";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";
import { fund, ledgerCheck } from "../support/wallet";

// The money seam (docs/decisions/013): one posting primitive, SQL functions from their source files,
// the closed list of movement kinds.

// One app for the tests that need one (the posting primitive, exposure_number).
const app = useTestApp();

/** A new empty database on the test server; dropped by the returned function. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("pgAdminUrl");
  const name = `f_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Each function of `public` (not an extension's) and of the release schemas (named `release.` whatever their
 * digest, docs/decisions/054) with a digest of its whole definition.
 */
async function functionsOf(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ sig: string; def: string }>(`
      select case when n.nspname = 'public' then '' else 'release.' end || p.proname || '(' || replace(oidvectortypes(p.proargtypes), ' ', '') || ')' as sig,
             md5(replace(pg_get_functiondef(p.oid), n.nspname || '.', '')) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where (n.nspname = 'public' or n.nspname like 'lotto\\_fn\\_%')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`);
    return Object.fromEntries(r.rows.map((x) => [x.sig, x.def]));
  } finally {
    await c.end();
  }
}

async function recordedMigrations(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ at: string }>("select created_at::text as at from drizzle.__drizzle_migrations order by 1")).rows.map(
      (r) => r.at,
    );
  } finally {
    await c.end();
  }
}

async function tableExists(url: string, table: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query("select to_regclass($1) is not null as e", [table])).rows[0].e as boolean;
  } finally {
    await c.end();
  }
}

/** The migrations as they stood before this change (up to 0014), in a folder of their own. */
function migrationsUpTo(last: number): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "lotto-migrations-"));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  for (const e of journal.entries.filter((x) => x.idx > last)) rmSync(join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((x) => x.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe("SQL functions live in their source files", () => {
  it("a database from before the change and a new one start and end with the same functions, one per file", async () => {
    const fresh = await emptyDatabase();
    const old = await emptyDatabase();
    const before = migrationsUpTo(14);
    try {
      const freshDb = connect(fresh.url, { max: 2 });
      await runMigrations(freshDb);
      await freshDb.$client.end();

      // The old shape: migrations up to 0014 made place_slip, place_slips and yeekee_shoot_batch with
      // other signatures and result types; then this version starts on it.
      const oldDb = connect(old.url, { max: 2 });
      await migrate(oldDb, { migrationsFolder: before.dir });
      const oldFunctions = await functionsOf(old.url);
      expect(Object.keys(oldFunctions)).toContain("place_slip(uuid,bigint,text,text,text,text,text[],text[],text[],bigint[],integer)");
      await runMigrations(oldDb);
      await oldDb.$client.end();

      const expected = await functionsOf(fresh.url);
      expect(await functionsOf(old.url)).toEqual(expected);
      // Every migration of the journal is recorded and its tables exist, though 0015's journal time is
      // earlier than 0013's (drizzle's migrator would have skipped it).
      expect(await recordedMigrations(old.url)).toEqual(await recordedMigrations(fresh.url));
      expect(await tableExists(old.url, "movement_kinds")).toBe(true);
      // One function per file, named as its file; nothing else: the trigger functions in public, the others in
      // the release's schema (docs/decisions/054).
      const names = Object.keys(expected).map((sig) => sig.slice(0, sig.indexOf("(")).replace(/^release\./, ""));
      expect(
        Object.keys(expected)
          .filter((sig) => !sig.startsWith("release."))
          .sort(),
      ).toEqual(["game_secret_unchanged()", "ledger_append_only()", "yeekee_draw_seeds()", "yeekee_seed_unchanged()"]);
      expect(names.sort()).toEqual(
        functionSources()
          .map((s) => s.name)
          .sort(),
      );
      expect(new Set(names).size).toBe(names.length);

      // Applying again (every start) drops nothing and changes no definition.
      const c = new pg.Client({ connectionString: fresh.url });
      await c.connect();
      expect(await applyFunctions(c)).toEqual([]);
      await c.end();
      expect(await functionsOf(fresh.url)).toEqual(expected);

      // A database a newer build migrated keeps that build's functions when an older build starts on it; the
      // older build makes only its own schema (already there).
      const newer = new pg.Client({ connectionString: fresh.url });
      await newer.connect();
      await newer.query(
        "insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', (select max(created_at) + 1000 from drizzle.__drizzle_migrations))",
      );
      await newer.query("create function from_a_newer_build() returns int language sql as 'select 1'");
      await newer.end();
      const older = connect(fresh.url, { max: 2 });
      expect(await runMigrations(older)).toEqual({ functions: "own only: database is newer" });
      await older.$client.end();
      expect(Object.keys(await functionsOf(fresh.url))).toContain("from_a_newer_build()");
    } finally {
      before.remove();
      await fresh.drop();
      await old.drop();
    }
  });

  it("a database made before migration 0014 gets 0014 and 0015 though their journal times are earlier than 0013's", async () => {
    const db = await emptyDatabase();
    const before = migrationsUpTo(13);
    try {
      const conn = connect(db.url, { max: 2 });
      await migrate(conn, { migrationsFolder: before.dir });
      expect(await tableExists(db.url, "yeekee_seeds")).toBe(false);
      expect(await runMigrations(conn)).toEqual({ functions: "applied" });
      await conn.$client.end();
      expect(await tableExists(db.url, "yeekee_seeds")).toBe(true);
      expect(await tableExists(db.url, "movement_kinds")).toBe(true);
    } finally {
      before.remove();
      await db.drop();
    }
  });

  it("a function written in a versioned migration is stale and goes; a file's changed result type makes another release", async () => {
    const db = await emptyDatabase();
    const dir = mkdtempSync(join(tmpdir(), "lotto-functions-"));
    try {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query("create function leftover() returns int language sql as 'select 1'");
      writeFileSync(join(dir, "answer.sql"), "CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT 42 $$;");
      const first = releaseSchema(dir);
      expect(await applyFunctions(c, dir)).toEqual(["leftover()"]);
      expect((await c.query(`select ${first}.answer() as a`)).rows[0].a).toBe(42);
      writeFileSync(join(dir, "answer.sql"), "CREATE OR REPLACE FUNCTION answer() RETURNS text LANGUAGE sql AS $$ SELECT 'forty-two' $$;");
      const second = releaseSchema(dir);
      // The first release's schema goes: no instance of it holds it.
      expect(await applyFunctions(c, dir)).toEqual([`${first}.*`]);
      expect((await c.query(`select ${second}.answer() as a`)).rows[0].a).toBe("forty-two");
      // A body that does not compile fails the run (the files are checked once all exist), and nothing of it stays.
      writeFileSync(
        join(dir, "broken.sql"),
        "CREATE OR REPLACE FUNCTION broken() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN answer( ; END $$;",
      );
      await expect(applyFunctions(c, dir)).rejects.toThrow(/functions\/broken\.sql/);
      expect((await c.query("select count(*)::int as n from pg_proc where proname = 'broken'")).rows[0].n).toBe(0);
      rmSync(join(dir, "broken.sql"));
      // A file that does not define its own function is refused, and nothing of the run stays.
      writeFileSync(join(dir, "wrong.sql"), "CREATE OR REPLACE FUNCTION other() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;");
      await expect(applyFunctions(c, dir)).rejects.toThrow(/functions\/wrong\.sql must define the function wrong/);
      expect((await c.query(`select ${second}.answer() as a`)).rows[0].a).toBe("forty-two");
      await c.end();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it("a release's functions stay while an instance of it holds them, and a build's from before 054 while it is connected", async () => {
    const db = await emptyDatabase();
    const older = mkdtempSync(join(tmpdir(), "lotto-functions-"));
    const newer = mkdtempSync(join(tmpdir(), "lotto-functions-"));
    const logged: string[] = [];
    let held: { stop(): Promise<void> } | undefined;
    const c = new pg.Client({ connectionString: db.url });
    const legacy = new pg.Client({ connectionString: db.url });
    try {
      await c.connect();
      // Release N: answer(int) returns int. Release N+1 changes its signature (another parameter type, another result).
      writeFileSync(join(older, "answer.sql"), "CREATE OR REPLACE FUNCTION answer(p int) RETURNS int LANGUAGE sql AS $$ SELECT p $$;");
      writeFileSync(join(newer, "answer.sql"), "CREATE OR REPLACE FUNCTION answer(p text) RETURNS text LANGUAGE sql AS $$ SELECT p $$;");
      held = await holdRelease(db.url, (line) => logged.push(line), older);
      expect(await applyFunctions(c, older)).toEqual([]);
      // A function a build from before decision 054 made in public, and a connection of such a build (no release name).
      await c.query("create function from_before_054() returns int language sql as 'select 1'");
      await legacy.connect();
      expect(await applyFunctions(c, newer)).toEqual([]);
      expect((await c.query(`select ${releaseSchema(older)}.answer(7) as a`)).rows[0].a).toBe(7);
      expect((await c.query(`select ${releaseSchema(newer)}.answer('seven') as a`)).rows[0].a).toBe("seven");
      expect((await c.query("select public.from_before_054() as a")).rows[0].a).toBe(1);
      // The older build's last connection ends: its functions in public go at the next start.
      const pid = (await legacy.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
      await legacy.end();
      await expect
        .poll(async () => (await c.query("select count(*)::int as n from pg_stat_activity where pid = $1", [pid])).rows[0].n)
        .toBe(0);
      expect(await applyFunctions(c, newer)).toEqual(["from_before_054()"]);
      // The last instance of release N stops: its schema goes at the next start.
      await held.stop();
      held = undefined;
      expect(await applyFunctions(c, newer)).toEqual([`${releaseSchema(older)}.*`]);
      expect(logged).toEqual([]);
    } finally {
      await held?.stop();
      await legacy.end().catch(() => {});
      await c.end();
      rmSync(older, { recursive: true, force: true });
      rmSync(newer, { recursive: true, force: true });
      await db.drop();
    }
  });
});

describe("one posting primitive", () => {
  it("balances and ledger rows are written in one place in the source: ledger_post.sql", () => {
    const root = join(import.meta.dirname, "../../src");
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        // Versioned migrations are history: what they created is replaced by the function files.
        if (e.isDirectory()) {
          if (e.name !== "migrations") walk(path);
        } else if (/\.(ts|tsx|sql)$/.test(e.name) && !e.name.endsWith(".test.ts")) {
          const text = readFileSync(path, "utf8");
          if (
            /update\s+(public\.)?accounts\b[^;]*\bset\s+balance/i.test(text) ||
            /insert\s+into\s+(public\.)?ledger_(entries|transactions)\b/i.test(text) ||
            /\.update\(accounts\)|\.(insert|update)\(ledger(Entries|Transactions)\)/.test(text)
          ) {
            writers.push(relative(root, path));
          }
        }
      }
    };
    walk(root);
    expect(writers).toEqual(["server/db/functions/ledger_post.sql"]);
  });

  it("the serving role cannot change a balance or write a ledger row except through ledger_post", async () => {
    const { t } = app;
    await expect(t.db.$client.query("update accounts set balance = balance + 100 where kind = 'credit'")).rejects.toThrow(
      /permission denied/,
    );
    await expect(t.db.$client.query("insert into ledger_transactions (kind, reference) values ('deposit', 'forged')")).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      t.db.$client.query("insert into ledger_entries (transaction_id, account_id, amount, balance_after) values (1, 1, 1, 1)"),
    ).rejects.toThrow(/permission denied/);
    await expect(t.db.$client.query("select 1 from accounts for update")).rejects.toThrow(/permission denied/);
  });

  it("the movement kinds are a closed list, the same in the database and the domain; the serving role cannot add one", async () => {
    const { t } = app;
    const kinds = await t.owner.$client.query<{ kind: string }>("select kind from movement_kinds order by kind");
    expect(kinds.rows.map((r) => r.kind)).toEqual(Object.keys(MOVEMENT_KINDS).sort());
    await expect(t.db.$client.query("insert into movement_kinds (kind) values ('gift')")).rejects.toThrow(/permission denied/);
    const p = await createPlayer(t);
    const account = (await t.db.$client.query("select id from accounts where owner_id = $1 and kind = 'credit'", [p.uuid])).rows[0].id;
    await expect(
      t.db.$client.query(
        "select ledger_post('gift', null, null, null, array[house_account('house:bonus', 0), $1::bigint], array[-100, 100]::bigint[])",
        [account],
      ),
    ).rejects.toThrow(/movement_kinds/);
  });

  it("refuses an unbalanced movement, an account named twice and a player's overdraft, and writes nothing for any", async () => {
    const { t, admin } = app;
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 10);
    const account = (await t.db.$client.query("select id from accounts where owner_id = $1 and kind = 'credit'", [p.uuid])).rows[0].id;
    const q = await createPlayer(t);
    await fund(t, admin, q.uuid, 10);
    const count = async () => (await t.db.$client.query("select count(*)::int as n from ledger_entries")).rows[0].n as number;
    const entries = await count();
    await expect(
      t.db.$client.query(
        "select ledger_post('adjust.credit', null, null, null, array[house_account('house:adjustments', 0), $1::bigint], array[-100, 99]::bigint[])",
        [account],
      ),
    ).rejects.toThrow(/unbalanced movement/);
    await expect(
      t.db.$client.query(
        "select ledger_post('adjust.credit', null, null, null, array[$1::bigint, $1::bigint], array[-100, 100]::bigint[])",
        [account],
      ),
    ).rejects.toThrow(/unbalanced movement/);
    const other = (await t.db.$client.query("select id from accounts where owner_id = $1 and kind = 'credit'", [q.uuid])).rows[0].id;
    // Several accounts (the set-based path): a zero, a missing amount, an account named twice, a missing
    // account are bugs, not refusals; one short player refuses the whole movement.
    const many = (accounts: string, amounts: string, params: unknown[]) =>
      t.db.$client.query(`select ledger_post('payout.reversal', null, null, null, ${accounts}, ${amounts})`, params);
    const house = "house_account('house:payouts', 0)";
    await expect(many(`array[${house}, $1::bigint, $2::bigint]`, "array[100, -100, 0]::bigint[]", [account, other])).rejects.toThrow(
      /unbalanced movement/,
    );
    await expect(many(`array[${house}, $1::bigint, $2::bigint]`, "array[100, -100, null]::bigint[]", [account, other])).rejects.toThrow(
      /unbalanced movement/,
    );
    await expect(many(`array[${house}, $1::bigint, $1::bigint]`, "array[200, -100, -100]::bigint[]", [account])).rejects.toThrow(
      /unbalanced movement/,
    );
    await expect(
      many(`array[house_account('house:nothing', 0), $1::bigint, $2::bigint]`, "array[200, -100, -100]::bigint[]", [account, other]),
    ).rejects.toThrow(/does not exist/);
    await expect(many(`array[${house}, $1::bigint, 987654321::bigint]`, "array[200, -100, -100]::bigint[]", [account])).rejects.toThrow(
      /does not exist/,
    );
    await expect(
      t.db.$client.query(
        "select ledger_post('payout.reversal', null, null, null, array[house_account('house:payouts', 0), $1::bigint, $2::bigint], array[2000, -500, -1500]::bigint[])",
        [account, other],
      ),
    ).rejects.toMatchObject({ code: "LR000", message: "insufficient_funds" });
    await expect(
      t.db.$client.query(
        "select ledger_post('adjust.debit', null, null, null, array[house_account('house:adjustments', 0), $1::bigint], array[1001, -1001]::bigint[])",
        [account],
      ),
    ).rejects.toMatchObject({ code: "LR000", message: "insufficient_funds" });
    expect(await count()).toBe(entries);
    // Exactly the balance is allowed; the player's row ends at zero and the ledger check holds.
    const r = await t.db.$client.query(
      "select * from ledger_post('adjust.debit', 'test', null, null, array[house_account('house:adjustments', 0), $1::bigint], array[1000, -1000]::bigint[])",
      [account],
    );
    expect(r.rows[0].balances[1]).toBe("0");
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });
});

describe("exposure_number", () => {
  it("is the domain's rule for every three-digit tod number and leaves other types alone", async () => {
    const { t } = app;
    const numbers = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
    const r = await t.db.$client.query<{ n: string; e: string }>(
      "select n, exposure_number('ThreeDigitToad', n) as e from unnest($1::text[]) as n",
      [numbers],
    );
    expect(Object.fromEntries(r.rows.map((x) => [x.n, x.e]))).toEqual(
      Object.fromEntries(numbers.map((n) => [n, exposureNumber("ThreeDigitToad", n)])),
    );
    const other = await t.db.$client.query("select exposure_number('ThreeDigit', '321') as a, exposure_number('TwoDigit', '90') as b");
    expect(other.rows[0]).toEqual({ a: "321", b: "90" });
  });
});
