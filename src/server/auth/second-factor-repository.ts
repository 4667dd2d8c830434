import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { adminRecoveryCodes, adminSecondFactors, adminSignInChallenges, sessions } from "../db/schema";

export type SecondFactorRow = typeof adminSecondFactors.$inferSelect;

export async function findSecondFactor(db: Executor, userId: string): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(adminSecondFactors).where(eq(adminSecondFactors.userId, userId));
  return row;
}

/** A new secret waiting for its first code; the confirmed one (if any) stays in use meanwhile. */
export async function storePendingSecret(db: Executor, userId: string, sealed: string): Promise<void> {
  await db
    .insert(adminSecondFactors)
    .values({ userId, pendingSecret: sealed, pendingAt: sql`now()` })
    .onConflictDoUpdate({ target: adminSecondFactors.userId, set: { pendingSecret: sealed, pendingAt: sql`now()` } });
}

/**
 * The pending secret becomes the one in use, if it is still the one the code was checked against (a
 * second enrolment started meanwhile wins). `step` is the confirming code's: it cannot be used again.
 */
export async function confirmPendingSecret(db: Executor, userId: string, sealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(adminSecondFactors)
    .set({ secret: sealed, confirmedAt: sql`now()`, pendingSecret: null, pendingAt: null, lastStep: step })
    .where(and(eq(adminSecondFactors.userId, userId), eq(adminSecondFactors.pendingSecret, sealed)))
    .returning({ userId: adminSecondFactors.userId });
  return rows.length === 1;
}

/**
 * Records `step` as the last one used, only if it is after the last one: of two requests with the same
 * code, one wins. False when the code's step was already used (a replay).
 */
export async function advanceLastStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(adminSecondFactors)
    .set({ lastStep: step })
    .where(and(eq(adminSecondFactors.userId, userId), lt(adminSecondFactors.lastStep, step)))
    .returning({ userId: adminSecondFactors.userId });
  return rows.length === 1;
}

/** Replaces every recovery code of the admin (used or not) with these. */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is none with this hash (or it was used). */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminRecoveryCodes.userId, userId), eq(adminRecoveryCodes.codeHash, codeHash), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(
  db: Executor,
  challenge: { tokenHash: string; userId: string; address: string; ttlSeconds: number },
): Promise<void> {
  // Expired ones go as new ones come (only admins with a second factor make them: a handful).
  await db.delete(adminSignInChallenges).where(lt(adminSignInChallenges.expiresAt, sql`now()`));
  await db.insert(adminSignInChallenges).values({
    tokenHash: challenge.tokenHash,
    userId: challenge.userId,
    address: challenge.address,
    expiresAt: sql`now() + make_interval(secs => ${challenge.ttlSeconds})`,
  });
}

/**
 * Counts one attempt against a live challenge shown from the address it was given to, and returns its
 * admin; null when it is unknown, expired, from elsewhere or out of attempts.
 */
export async function takeChallengeAttempt(db: Executor, tokenHash: string, address: string, maxAttempts: number): Promise<string | null> {
  const rows = await db
    .update(adminSignInChallenges)
    .set({ attempts: sql`${adminSignInChallenges.attempts} + 1` })
    .where(
      and(
        eq(adminSignInChallenges.tokenHash, tokenHash),
        eq(adminSignInChallenges.address, address),
        gt(adminSignInChallenges.expiresAt, sql`now()`),
        lt(adminSignInChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ userId: adminSignInChallenges.userId });
  return rows[0]?.userId ?? null;
}

/** A challenge is good for one sign-in. */
export async function deleteChallenge(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(adminSignInChallenges).where(eq(adminSignInChallenges.tokenHash, tokenHash));
}

export async function markSessionSecondFactor(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function sessionPassedSecondFactor(db: Executor, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ at: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, sessionId));
  return !!row?.at;
}
