import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connect, type Db } from "../../src/server/db/client";
import { TEMPLATES, type TemplateKind } from "./templates";

/**
 * A fresh database for one test file, copied from one of global-setup.ts's templates (fast, fully
 * isolated): by default the migrated one, with no data; `seeded` for a first start's data.
 */
export async function createTestDatabase(
  template: TemplateKind = "migrated",
): Promise<{ url: string; adminUrl: string; db: Db; drop: () => Promise<void> }> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATES[template]}`);
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
