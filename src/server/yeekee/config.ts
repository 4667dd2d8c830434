import { sql } from "drizzle-orm";
import { YeekeeConfig } from "../../contract/yeekee";
import { YEEKEE_MIN_SHOTS_DEFAULT } from "../../domain/yeekee";
import { writeAudit } from "../admin/audit";
import type { Db, Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";
import type { Computed } from "../db/rows";

export const DEFAULT_YEEKEE_CONFIG: YeekeeConfig = {
  minShots: YEEKEE_MIN_SHOTS_DEFAULT,
  shotIntervalSeconds: 3,
  rewardOne: 100,
  rewardSixteen: 50,
  minStakeForReward: 100,
};

export const seedYeekeeConfig = (db: Executor) => seedSiteConfigKey(db, "yeekee", DEFAULT_YEEKEE_CONFIG);

export const readYeekeeConfig = (db: Executor): Promise<YeekeeConfig> => readSiteConfig(db, "yeekee", YeekeeConfig, DEFAULT_YEEKEE_CONFIG);

/**
 * Saves the operator's settings whole, under the row's lock, with the audit row (before and after). A
 * round being decided reads the setting when it finishes, so a change applies to the rounds that
 * finish after it (docs/decisions/034).
 */
export async function saveYeekeeConfig(db: Db, adminId: string, config: YeekeeConfig) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from site_config where key = 'yeekee' for update`);
    const before = await readYeekeeConfig(tx);
    await writeSiteConfig(tx, "yeekee", config);
    await writeAudit(tx, { actorId: adminId, action: "yeekee.config", target: "site_config:yeekee", before, after: config });
    return config;
  });
}

/**
 * The minimum number of shots in effect at `at` (a round's result time): the value the operator last
 * saved before it, else the one the first later save replaced, else the stored one (never saved). A
 * change saved once the seed can be read (from the result time on) does not apply to that round, so
 * nobody can see a result coming and void the round by raising the minimum (docs/decisions/034).
 */
export async function minShotsAt(db: Executor, at: Date): Promise<number> {
  const r = await db.execute<Computed<{ min: number | null }>>(sql`
    select coalesce(
      (select (a.after ->> 'minShots')::int from audit_log a where a.action = 'yeekee.config' and a.at <= ${at} order by a.at desc, a.id desc limit 1),
      (select (a.before ->> 'minShots')::int from audit_log a where a.action = 'yeekee.config' and a.at > ${at} order by a.at, a.id limit 1)
    ) as min`);
  return r.rows[0]?.min ?? (await readYeekeeConfig(db)).minShots;
}
