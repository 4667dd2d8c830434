import { ensureAdmin } from "./auth/seed-admin";
import type { Db } from "./db/client";
import { seedSiteConfig } from "./site/service";

/** Idempotent: a second start inserts nothing that is already there and changes no operator edit. */
export async function seed(db: Db, admin: { username: string; password: string | undefined }) {
  await seedSiteConfig(db);
  return ensureAdmin(db, admin.username, admin.password);
}
