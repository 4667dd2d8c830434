import { and, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { accounts, passwordResets, phoneVerifications, sessions, users } from "../db/schema";
import type { Col, Computed } from "../db/rows";

export type UserRow = typeof users.$inferSelect;

export const PLAYER_CREDIT = "credit";
export const PLAYER_AFFILIATE = "affiliate";

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

/**
 * The account a sign-in name names: the user with that username, else, when the name is a mobile
 * number, the user registered with that phone (a username that happens to be the same digits wins, so
 * no existing sign-in changes meaning).
 */
export async function findUserForSignIn(db: Executor, name: string, asPhone: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(asPhone ? or(eq(users.username, name), eq(users.phone, name)) : eq(users.username, name))
    .orderBy(sql`${users.username} = ${name} desc`)
    .limit(1);
  return row;
}

export async function findPlayerByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.role, "player")));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findTakenFields(
  db: Executor,
  fields: { username?: string; phone?: string; bankNo?: string },
): Promise<{ username: boolean; phone: boolean; bankNo: boolean }> {
  const conditions = [];
  if (fields.username) conditions.push(eq(users.username, fields.username));
  if (fields.phone) conditions.push(eq(users.phone, fields.phone));
  if (fields.bankNo) {
    conditions.push(eq(users.bankNo, fields.bankNo));
  }
  const rows = conditions.length
    ? await db
        .select({ username: users.username, phone: users.phone, bankNo: users.bankNo, bankCode: users.bankCode })
        .from(users)
        .where(or(...conditions))
    : [];
  return {
    username: !!fields.username && rows.some((r) => r.username === fields.username),
    phone: !!fields.phone && rows.some((r) => r.phone === fields.phone),
    bankNo: !!fields.bankNo && rows.some((r) => r.bankNo === fields.bankNo),
  };
}

export async function insertPlayer(
  db: Executor,
  player: {
    username: string;
    passwordHash: string;
    phone: string;
    bankAccountName: string;
    bankNo: string;
    bankCode: string;
    referrerId: string | null;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...player, role: "player" })
    .returning();
  await db.insert(accounts).values([
    { ownerId: row!.id, kind: PLAYER_CREDIT },
    { ownerId: row!.id, kind: PLAYER_AFFILIATE },
  ]);
  return row!;
}

export async function insertAdmin(db: Executor, admin: { username: string; passwordHash: string }): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...admin, role: "admin", userType: "admin" })
    .returning();
  return row!;
}

export async function anyAdminExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return !!row;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** `secondFactor`: an admin's sign-in that passed the second factor too (the back office needs it). */
export async function insertSession(db: Executor, userId: string, expiresAt: Date, secondFactor = false): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt, ...(secondFactor ? { secondFactorAt: sql`now()` } : {}) })
    .returning({ id: sessions.id });
  return row!.id;
}

/** The session with its user, only while it is live: not revoked, not expired, user not banned. */
/** The live (not revoked, not expired, user active) sessions among `ids`, each with its user. */
export async function findLiveSessions(db: Executor, ids: string[]) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.state, "active")));
}
export type LiveSession = Awaited<ReturnType<typeof findLiveSessions>>[number];

/** Renewal never takes a session past its absolute lifetime, counted from sign-in. */
export async function extendSession(db: Executor, sessionId: string, expiresAt: Date, maxLifetimeSeconds: number): Promise<Date | null> {
  const rows = await db
    .update(sessions)
    .set({
      expiresAt: sql`least(${expiresAt.toISOString()}::timestamptz, ${sessions.createdAt} + make_interval(secs => ${maxLifetimeSeconds}))`,
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ expiresAt: sessions.expiresAt });
  return rows[0]?.expiresAt ?? null;
}

/** Whether a session that can no longer be extended was revoked (rather than past its time), for the reason a client is told. */
export async function wasRevoked(db: Executor, sessionId: string): Promise<boolean> {
  const rows = await db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
  return rows[0]?.revokedAt != null;
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes the user's other live sessions; returns their ids. */
/** Ends every live session of a user (a ban); returns their ids. */
export async function revokeAllSessions(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function setUserState(db: Executor, userId: string, state: "active" | "banned"): Promise<void> {
  await db.update(users).set({ state }).where(eq(users.id, userId));
}

export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function markPasswordChecked(db: Executor, sessionId: string, at: Date | null): Promise<void> {
  await db.update(sessions).set({ passwordCheckedAt: at }).where(eq(sessions.id, sessionId));
}

/** Consumes the "old password checked" mark if it is recent; true when it was there to consume. */
export async function consumePasswordCheck(db: Executor, sessionId: string, withinSeconds: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ passwordCheckedAt: null })
    .where(and(eq(sessions.id, sessionId), gt(sessions.passwordCheckedAt, sql`now() - make_interval(secs => ${withinSeconds})`)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * Stores a new code unless one was sent less than `resendSeconds` ago (one statement, so two
 * concurrent requests cannot both send). Returns false when the caller must wait.
 *
 * A verification younger than `verifiedForSeconds` is kept beside the new code (docs/decisions/029): whoever holds
 * its token can still register, so asking for a code cannot wipe it (decision 003), and the player whose
 * registration failed after the check can still ask for a new one.
 */
export async function storeOtp(
  db: Executor,
  phone: string,
  codeHash: string,
  resendSeconds: number,
  ttlSeconds: number,
  verifiedForSeconds: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into phone_verifications (phone, code_hash, sent_at, expires_at, attempts, verified_at)
    values (${phone}, ${codeHash}, now(), now() + make_interval(secs => ${ttlSeconds}), 0, null)
    on conflict (phone) do update
      set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0,
          verified_at = case when phone_verifications.verified_at >= now() - make_interval(secs => ${verifiedForSeconds})
                             then phone_verifications.verified_at end,
          verified_ip = case when phone_verifications.verified_at >= now() - make_interval(secs => ${verifiedForSeconds})
                             then phone_verifications.verified_ip end,
          token_hash = case when phone_verifications.verified_at >= now() - make_interval(secs => ${verifiedForSeconds})
                            then phone_verifications.token_hash end
      where phone_verifications.sent_at < now() - make_interval(secs => ${resendSeconds})
    returning phone`);
  return result.rows.length === 1;
}

/** Whole seconds until this phone may be sent another registration code (at least 1). */
export async function secondsUntilOtpResend(db: Executor, phone: string, resendSeconds: number): Promise<number> {
  const r = await db.execute<Computed<{ s: number }>>(sql`
    select greatest(1, ceil(extract(epoch from sent_at + make_interval(secs => ${resendSeconds}) - now())))::int as s
      from phone_verifications where phone = ${phone}`);
  return r.rows[0]?.s ?? 1;
}

/** Counts one attempt against a live, unverified code and returns its hash, or null when none. */
export async function takeOtpAttempt(db: Executor, phone: string, maxAttempts: number): Promise<string | null> {
  const rows = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        gt(phoneVerifications.expiresAt, sql`now()`),
        sql`${phoneVerifications.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ codeHash: phoneVerifications.codeHash });
  return rows[0]?.codeHash ?? null;
}

export async function markPhoneVerified(db: Executor, phone: string, ip: string, tokenHash: string): Promise<void> {
  await db
    .update(phoneVerifications)
    // A new code checked starts the verification's time again (a new SMS proves the phone anew).
    .set({ verifiedAt: sql`now()`, verifiedIp: ip, tokenHash })
    .where(eq(phoneVerifications.phone, phone));
}

/**
 * A verified phone is good for one registration, and only for whoever verified it: the caller shows
 * the token /check-otp gave (docs/decisions/047). Consumed in the registration's transaction.
 */
export async function consumePhoneVerification(db: Executor, phone: string, withinSeconds: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        gt(phoneVerifications.verifiedAt, sql`now() - make_interval(secs => ${withinSeconds})`),
        eq(phoneVerifications.tokenHash, tokenHash),
      ),
    )
    .returning({ phone: phoneVerifications.phone });
  return rows.length === 1;
}

/** When the account's sign-ins from this address are locked until, if they are now. */
export async function loginLockedUntil(db: Executor, userId: string, address: string): Promise<string | null> {
  const r = await db.execute<{ until: NonNullable<Col<"login_failures", "locked_until">> /* locked_until > now() */ }>(sql`
    select locked_until as until from login_failures where user_id = ${userId} and address = ${address} and locked_until > now()`);
  return r.rows[0]?.until ?? null;
}

/**
 * A wrong password from this address: from the `threshold`-th in a row, sign-ins from it wait 1, 2, 4 …
 * minutes (at most `maxMinutes`) after each further one. Other addresses are not affected.
 */
export async function recordLoginFailure(
  db: Executor,
  userId: string,
  address: string,
  threshold: number,
  maxMinutes: number,
): Promise<void> {
  await db.execute(sql`
    insert into login_failures (user_id, address, failures, locked_until, last_at)
    values (${userId}, ${address}, 1, case when 1 >= ${threshold}::int then now() + interval '1 minute' end, now())
    on conflict (user_id, address) do update set
      failures = login_failures.failures + 1,
      last_at = now(),
      locked_until = case when login_failures.failures + 1 >= ${threshold}::int
        then now() + make_interval(mins => least(power(2, least(login_failures.failures + 1 - ${threshold}::int, 12))::int, ${maxMinutes}::int))
        else login_failures.locked_until end`);
}

export async function clearLoginFailures(db: Executor, userId: string, address: string): Promise<void> {
  await db.execute(sql`delete from login_failures where user_id = ${userId} and address = ${address}`);
}

/**
 * OTP messages sent to this phone in the last hour, and by the whole site in the last minute; and the
 * seconds since this phone's last one within the hour (null: none).
 */
export async function recentOtpSends(
  db: Executor,
  phone: string,
): Promise<{ phoneLastHour: number; siteLastMinute: number; secondsSinceLast: number | null }> {
  const r = await db.execute<Computed<{ phone: number; site: number; since: number | null }>>(sql`
    select (select count(*)::int from otp_sends where phone = ${phone} and sent_at > now() - interval '1 hour') as phone,
           (select count(*)::int from otp_sends where sent_at > now() - interval '1 minute') as site,
           (select floor(extract(epoch from now() - max(sent_at)))::int from otp_sends
             where phone = ${phone} and sent_at > now() - interval '1 hour') as since`);
  const row = r.rows[0]!;
  return { phoneLastHour: row.phone, siteLastMinute: row.site, secondsSinceLast: row.since };
}

export async function recordOtpSend(db: Executor, phone: string, address: string): Promise<void> {
  await db.execute(sql`insert into otp_sends (phone, address) values (${phone}, ${address})`);
}

/**
 * A forgot-password ask in one statement, whether or not the phone is a player's (docs/decisions/048): the
 * phone's and the site's recent sends are read, and only when every limit allows it is the ask counted in
 * otp_sends and the code stored for the player who has the phone (if any). One round trip either way, so
 * neither the answer nor the database work tells a registered phone from another. The limits read are those
 * before this ask; `registered` is whether a code was stored.
 */
export async function askPasswordReset(
  db: Executor,
  ask: {
    phone: string;
    address: string;
    codeHash: string;
    ttlSeconds: number;
    perPhonePerHour: number;
    sitePerMinute: number;
    resendSeconds: number;
  },
): Promise<{ phoneLastHour: number; siteLastMinute: number; secondsSinceLast: number | null; registered: boolean }> {
  const r = await db.execute<Computed<{ phone: number; site: number; since: number | null; registered: boolean }>>(sql`
    with recent as (
      select (select count(*)::int from otp_sends where phone = ${ask.phone} and sent_at > now() - interval '1 hour') as phone,
             (select count(*)::int from otp_sends where sent_at > now() - interval '1 minute') as site,
             (select floor(extract(epoch from now() - max(sent_at)))::int from otp_sends
               where phone = ${ask.phone} and sent_at > now() - interval '1 hour') as since
    ), sent as (
      insert into otp_sends (phone, address)
      select ${ask.phone}, ${ask.address} from recent
      where recent.phone < ${ask.perPhonePerHour} and recent.site < ${ask.sitePerMinute}
        and (recent.since is null or recent.since >= ${ask.resendSeconds})
      returning id
    ), stored as (
      insert into password_resets (user_id, code_hash, sent_at, expires_at, attempts)
      select u.id, ${ask.codeHash}, now(), now() + make_interval(secs => ${ask.ttlSeconds}), 0
      from users u where u.phone = ${ask.phone} and u.role = 'player' and exists (select 1 from sent)
      on conflict (user_id) do update
        set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0
      returning user_id
    )
    select recent.phone, recent.site, recent.since, exists (select 1 from stored) as registered from recent`);
  const row = r.rows[0]!;
  return { phoneLastHour: row.phone, siteLastMinute: row.site, secondsSinceLast: row.since, registered: row.registered };
}

/** Counts one attempt against the account's live reset code and returns its hash, or null when none. */
export async function takePasswordResetAttempt(db: Executor, userId: string, maxAttempts: number): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(eq(passwordResets.userId, userId), gt(passwordResets.expiresAt, sql`now()`), sql`${passwordResets.attempts} < ${maxAttempts}`),
    )
    .returning({ codeHash: passwordResets.codeHash });
  return rows[0]?.codeHash ?? null;
}

/** Uses the reset code up (in the password change's transaction); false when it is gone already. */
export async function consumePasswordReset(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.codeHash, codeHash)))
    .returning({ userId: passwordResets.userId });
  return rows.length === 1;
}
