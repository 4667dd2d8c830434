import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connect, type Db } from "../../src/server/db/client";

const TEMPLATE_DB = "lotto_template";

/** A fresh database for one test file, copied from the migrated template (fast, fully isolated). */
export async function createTestDatabase(): Promise<{ url: string; adminUrl: string; db: Db; drop: () => Promise<void> }> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = connect(url.toString());
  return {
    url: url.toString(),
    adminUrl,
    db,
    drop: async () => {
      await db.$client.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
