import { sql } from "drizzle-orm";
import { ensureAdmin } from "./auth/seed-admin";
import type { Db } from "./db/client";
import { seedRates } from "./betting/rates";
import { seedCatalogue } from "./lottery/catalogue";
import { planAll } from "./lottery/planning";
import { seedSiteConfig } from "./site/service";
import { seedGameConfig } from "./games/config";
import { seedPrivilegeConfig } from "./points/config";
import { seedSubsidyConfig } from "./referral/config";
import { seedWalletConfig } from "./wallet/config";
import { seedBankSettings } from "./bank/config";
import { seedYeekeeConfig } from "./yeekee/config";

/**
 * Idempotent: a second start inserts nothing that is already there and changes no operator edit.
 * Instances starting together take turns (advisory lock), so the first admin is created once.
 */
export async function seed(db: Db, admin: { username: string; password: string | undefined }) {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('lotto:seed', 0))`);
    await seedSiteConfig(tx);
    await seedWalletConfig(tx);
    await seedBankSettings(tx);
    await seedSubsidyConfig(tx);
    await seedPrivilegeConfig(tx);
    await seedGameConfig(tx);
    await seedCatalogue(tx);
    await seedRates(tx);
    await seedYeekeeConfig(tx);
    return ensureAdmin(tx, admin.username, admin.password);
  });
  await planAll(db);
  return result;
}
