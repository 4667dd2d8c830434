import { ensureAdmin } from "./auth/seed-admin";
import type { Db } from "./db/client";
import { seedSiteConfig } from "./site/service";
import { seedWalletConfig } from "./wallet/config";
import { seedCatalogue } from "./lottery/catalogue";
import { planAll } from "./lottery/ticker";

/** Idempotent: a second start inserts nothing that is already there and changes no operator edit. */
export async function seed(db: Db, admin: { username: string; password: string | undefined }) {
  await seedSiteConfig(db);
  await seedWalletConfig(db);
  await seedCatalogue(db);
  await planAll(db);
  return ensureAdmin(db, admin.username, admin.password);
}
