import type { Executor } from "../db/client";
import { auditLog } from "../db/schema";

/** Every admin action and every security-relevant change leaves a row: who, what, when, before/after. */
export async function writeAudit(
  db: Executor,
  entry: { actorId: string | null; action: string; target?: string; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
