import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "./client";
import { siteConfig } from "./schema";

/** Inserts a setting's defaults only where the key is missing, so a restart never overwrites an edit. */
export async function seedSiteConfigKey(db: Executor, key: string, defaults: object): Promise<void> {
  await db.insert(siteConfig).values({ key, value: defaults }).onConflictDoNothing();
}

/** A setting read through its schema, missing fields taken from the defaults; a bad row gives the defaults. */
export async function readSiteConfig<T extends object>(db: Executor, key: string, schema: z.ZodType<T>, defaults: T): Promise<T> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, key));
  const parsed = schema.safeParse({ ...defaults, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : defaults;
}

/** Saves a setting whole (the caller has validated it through its schema). */
export async function writeSiteConfig(db: Executor, key: string, value: object): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: new Date() } });
}
