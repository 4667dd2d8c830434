import { createHmac } from "node:crypto";
import pg from "pg";
import { releaseConnection } from "./functions";

/**
 * The app serves through a role of its own, not through the owner that ran the migrations
 * (docs/decisions/012). The serving role reads and writes the data, but it cannot read a yeekee round's
 * seed (only `yeekee_round_seed()` returns it, from the round's result time on) and cannot move a round's
 * opening or result time (which would reveal a seed early). The owner creates the role, or renews its
 * password, and grants its rights at every start, so tables added by a migration are covered.
 *
 * The role is `<database>_serving`; its password is derived from the token secret, which every instance
 * shares, so each instance reaches the same role without a second secret to distribute.
 */
export async function prepareServingRole(ownerUrl: string, secret: string): Promise<{ url: string; role: string }> {
  const owner = new pg.Client({ connectionString: ownerUrl, ...releaseConnection() });
  await owner.connect();
  try {
    const me = (
      await owner.query<{ db: string; can: boolean }>(
        "select current_database() as db, (rolsuper or rolcreaterole) as can from pg_roles where rolname = current_user",
      )
    ).rows[0]!;
    if (!me.can) {
      throw new Error(
        "The database role in DATABASE_URL must be allowed to create roles (CREATEROLE): the app serves through a role of its own, which cannot read yeekee seeds early",
      );
    }
    const role = `${me.db}_serving`.slice(0, 63);
    const password = createHmac("sha256", secret).update(`db-serving-role:${role}`).digest("base64url");
    const r = owner.escapeIdentifier(role);
    const pw = owner.escapeLiteral(password);
    await owner.query("begin");
    try {
      // Two instances starting together: one creates and grants, the other then only renews.
      await owner.query("select pg_advisory_xact_lock(hashtextextended('lotto:serving-role', 0))");
      const exists = (await owner.query("select 1 from pg_roles where rolname = $1", [role])).rowCount === 1;
      await owner.query(`${exists ? "alter" : "create"} role ${r} with login nocreatedb nocreaterole noinherit password ${pw}`);
      await owner.query(`grant connect on database ${owner.escapeIdentifier(me.db)} to ${r}`);
      await owner.query(`grant usage on schema public to ${r}`);
      await owner.query(`grant select, insert, update, delete on all tables in schema public to ${r}`);
      await owner.query(`grant usage, select on all sequences in schema public to ${r}`);
      // The seed stays out of reach; its commitment is public.
      await owner.query(`revoke all on yeekee_seeds from ${r}`);
      await owner.query(`grant select (round_id, commitment, created_at) on yeekee_seeds to ${r}`);
      await owner.query(`revoke insert, update, delete on yeekee_seed_refusals from ${r}`);
      // The list of movement kinds is closed: only a migration adds one.
      await owner.query(`revoke insert, update, delete, truncate on movement_kinds from ${r}`);
      // Money moves only through ledger_post() (decision 013), which runs as the owner: the serving role
      // creates accounts (at registration) and reads them, but cannot change a balance or write a ledger
      // row itself.
      await owner.query(`revoke update, delete, truncate on accounts from ${r}`);
      await owner.query(`revoke insert, update, delete, truncate on ledger_transactions, ledger_entries from ${r}`);
      // A round's result time is set when it is planned (closing early moves its close and opening times), and
      // so is the draw it is, its slot (docs/decisions/033): no request can make it another draw.
      const columns = (
        await owner.query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = 'rounds'
             and column_name not in ('id', 'result_at', 'lottery_id', 'draw_date', 'round_no', 'holds_slot', 'twin_of') order by ordinal_position`,
        )
      ).rows.map((c) => owner.escapeIdentifier(c.name));
      await owner.query(`revoke update on rounds from ${r}`);
      await owner.query(`grant update (${columns.join(", ")}) on rounds to ${r}`);
      await owner.query("commit");
    } catch (e) {
      await owner.query("rollback").catch(() => {});
      throw e;
    }
    const url = new URL(ownerUrl);
    url.username = encodeURIComponent(role);
    url.password = encodeURIComponent(password);
    return { url: url.toString(), role };
  } finally {
    await owner.end();
  }
}

/** Removes a serving role whose database is gone (throwaway test databases). */
export async function dropServingRole(adminUrl: string, role: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`drop role if exists ${c.escapeIdentifier(role)}`);
  } finally {
    await c.end();
  }
}
