import { hash, verify } from "@node-rs/argon2";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { auth } from "../../contract";
import { looksLikePhone } from "../../contract/auth";
import { writeAudit } from "../admin/audit";
import { startRealityClock } from "../rg/gate";
import { isUniqueViolation, pgError } from "../db/errors";
import { batcher } from "../db/batcher";
import type { Db } from "../db/client";
import { ApiError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import { SessionEnded } from "../http/session-ended";
import * as repo from "./repository";
import { type SecretBox, secondFactorService } from "./second-factor";
import * as secondFactorRepo from "./second-factor-repository";
import type { SmsSender } from "./sms";
import type { TokenIssuer } from "./tokens";
import { refuseDisabledBank } from "../site/banks";

const OTP_TTL_SECONDS = 5 * 60;
const OTP_RESEND_SECONDS = 60;
const OTP_MAX_ATTEMPTS = 5;
/** A verified phone must be used for registration within this time (and its browser cookie lives as long). */
export const PHONE_VERIFIED_FOR_SECONDS = 30 * 60;
/** Spec §9: the session cookie lives 31 days; renewal never takes a session beyond that. */
const SESSION_MAX_SECONDS = 2_678_400;
/** Wrong passwords in a row from one address before its sign-ins wait (1, 2, 4 … minutes, at most an hour). */
const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_LOCK_MAX_MINUTES = 60;
const OTP_PER_PHONE_PER_HOUR = 5;
/** OTP messages the whole site sends a minute at most (a flood from rotating addresses meets it). */
export const OTP_SITE_PER_MINUTE = 120;
/** After the old password is confirmed, the new one must be set within this time. */
const PASSWORD_CHECK_VALID_SECONDS = 10 * 60;
/** Between an admin's password and code: how long, and how many codes one challenge takes. */
const CHALLENGE_TTL_SECONDS = 5 * 60;
const CHALLENGE_MAX_ATTEMPTS = 5;

// 2 = Argon2id (the package exports it as a const enum, which isolated modules cannot read).
export const ARGON2 = { algorithm: 2 } as const;
/** Verified against when the username does not exist, so timing does not reveal which names exist. */
const DUMMY_HASH_PROMISE = hash("no-such-user-password", ARGON2);

export interface AuthDeps {
  db: Db;
  tokens: TokenIssuer;
  sms: SmsSender;
  tokenTtlSeconds: number;
  /** How long a checked session is trusted before it is read again (0: every request). */
  sessionCacheMs: number;
  /** Seals admins' TOTP secrets. */
  secondFactorBox: SecretBox;
  /** The back office needs a session that passed the second factor (ADMIN_TOTP_REQUIRED; off in tests only). */
  adminTotpRequired: boolean;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The messages of a field already used by another account (the routes' replies say them too). */
export const TAKEN = {
  username: "ชื่อผู้ใช้นี้มีผู้ใช้แล้ว กรุณาเลือกชื่ออื่น",
  phone: "เบอร์โทรศัพท์นี้ถูกใช้สมัครสมาชิกแล้ว",
  bankNo: "เลขบัญชีธนาคารนี้ถูกใช้สมัครสมาชิกแล้ว",
} as const;

/** A completed sign-in: the token and whose it is. */
export interface SignedIn {
  kind: "signed-in";
  jwt: string;
  user: repo.UserRow;
  /** Seconds a new token is valid for. */
  ttlSeconds: number;
}
/** An admin's right password: the code of the second factor is still to come. */
export interface SecondFactorChallenge {
  kind: "second-factor";
  challenge: string;
}
/** An OTP asked for: the phone is another account's, the SMS failed, or it went. */
export type OtpRequest = "phone-taken" | "not-sent" | "sent";
export type OtpCheck = { outcome: "used-up" } | { outcome: "wrong" } | { outcome: "verified"; otptoken: string };
export interface RegisteredBank {
  bankCode: z.output<typeof auth.BankCode>;
  bankNo: string;
  bankAccountName: string;
}

export function authService(deps: AuthDeps) {
  const { db, tokens, sms } = deps;
  /**
   * Live sessions seen in the last few seconds (docs/decisions/001): a revocation on this instance
   * applies at once; one made on another instance applies within sessionCacheMs.
   */
  const sessions = new Map<string, { user: AuthUser; until: number }>();
  /**
   * Sessions to check are read together: when many players arrive at once (a round's close, a restart)
   * their checks are a few queries, not one each queued ahead of everything else.
   */
  const checkSession = batcher<null, { sessionId: string; uuid: string }, repo.LiveSession | null>({
    max: 500,
    concurrency: 2,
    run: async (_, items) => {
      const live = new Map((await repo.findLiveSessions(db, [...new Set(items.map((i) => i.sessionId))])).map((r) => [r.session.id, r]));
      return items.map((i) => {
        const row = live.get(i.sessionId);
        return row && row.session.userId === i.uuid ? row : null;
      });
    },
  });
  /**
   * How long a checked session is kept: between half and all of sessionCacheMs, at random, so the
   * sessions of players who all signed in together are not read again all at once (a burst that made
   * every other query wait behind it).
   */
  const keepFor = () => deps.sessionCacheMs * (0.5 + Math.random() * 0.5);
  /**
   * Sessions revoked on this instance in the last minute (logout, password change): a check that read
   * one as live just before its revocation committed must not accept or cache it afterwards.
   */
  const revokedHere = new Map<string, number>();
  const REVOCATION_MEMORY_MS = 60_000;
  /** Told of every session ended on this instance (the live sockets close theirs at once). */
  const endedListeners = new Set<(ids: string[]) => void>();
  function remember(ids: string[]) {
    for (const listener of endedListeners) listener(ids);
    const now = Date.now();
    for (const [id, at] of revokedHere) if (now - at > REVOCATION_MEMORY_MS) revokedHere.delete(id);
    for (const id of ids) {
      revokedHere.set(id, now);
      sessions.delete(id);
    }
  }

  async function issueToken(user: repo.UserRow, sessionId: string, expiresAt: Date): Promise<string> {
    return tokens.sign({ uuid: user.id, username: user.username, userType: user.userType, role: user.role, sessionId }, expiresAt);
  }

  function newExpiry(): Date {
    return new Date(Date.now() + deps.tokenTtlSeconds * 1000);
  }

  function ownUuid(user: AuthUser, uuid: string | undefined): void {
    if (uuid !== undefined && uuid !== user.uuid) throw forbidden();
  }

  async function signedIn(user: repo.UserRow, sessionId: string, expiresAt: Date): Promise<SignedIn> {
    return { kind: "signed-in", jwt: await issueToken(user, sessionId, expiresAt), user, ttlSeconds: deps.tokenTtlSeconds };
  }

  async function refuseWhileLocked(userId: string, address: string): Promise<void> {
    const locked = await repo.loginLockedUntil(db, userId, address);
    if (locked) {
      const minutes = Math.max(1, Math.ceil((new Date(locked).getTime() - Date.now()) / 60_000));
      throw tooManyRequests(`ใส่รหัสผ่านผิดหลายครั้ง กรุณาลองใหม่ในอีก ${minutes} นาที`);
    }
  }

  const secondFactor = secondFactorService({
    db,
    box: deps.secondFactorBox,
    required: deps.adminTotpRequired,
    // Read again on the next request: the session now opens the back office.
    sessionChanged: (id) => sessions.delete(id),
  });

  return {
    /** An admin's TOTP enrolment and recovery codes (docs/decisions/024). */
    secondFactor,

    /**
     * The operator bans a player (state banned, every session revoked at once and remembered here, so a
     * check in flight cannot accept one) or lifts the ban; both audited with the reason.
     */
    async setBan(admin: AuthUser, body: { uuid: string; banned: boolean; reason: string }) {
      const player = await repo.findUserById(db, body.uuid);
      if (!player || player.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const state = body.banned ? "banned" : "active";
      const revoked = await db.transaction(async (tx) => {
        await repo.setUserState(tx, body.uuid, state);
        const ids = body.banned ? await repo.revokeAllSessions(tx, body.uuid) : [];
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: body.banned ? "player.ban" : "player.unban",
          target: `user:${body.uuid}`,
          before: { state: player.state },
          after: { state, reason: body.reason, sessionsRevoked: ids.length },
        });
        return ids;
      });
      remember(revoked);
    },

    async authenticate(token: string): Promise<AuthUser> {
      const claims = await tokens.verify(token);
      if (!claims) {
        const why = await tokens.refusal(token);
        throw new SessionEnded(why, why === "expired" ? "การเข้าสู่ระบบหมดเวลาแล้ว กรุณาเข้าสู่ระบบใหม่" : "โทเคนไม่ถูกต้องหรือหมดอายุ กรุณาเข้าสู่ระบบใหม่");
      }
      const cached = sessions.get(claims.sessionId);
      if (cached && cached.until > Date.now() && cached.user.uuid === claims.uuid) return { ...cached.user, exp: claims.exp };
      const live = await checkSession(null, { sessionId: claims.sessionId, uuid: claims.uuid });
      if (!live || revokedHere.has(claims.sessionId)) throw new SessionEnded("revoked", "การเข้าสู่ระบบนี้สิ้นสุดแล้ว กรุณาเข้าสู่ระบบใหม่");
      // Role and tier are read from the database (then kept for a few seconds), not from the token.
      const user: AuthUser = {
        uuid: live.user.id,
        username: live.user.username,
        userType: live.user.userType,
        role: live.user.role,
        sessionId: claims.sessionId,
        exp: claims.exp,
        backOffice: live.user.role === "admin" && (!deps.adminTotpRequired || live.session.secondFactorAt !== null),
      };
      if (deps.sessionCacheMs > 0) {
        if (sessions.size > 100_000) sessions.clear();
        sessions.set(claims.sessionId, { user, until: Date.now() + keepFor() });
      }
      return user;
    },

    async requestOtp(phone: string, address: string): Promise<OtpRequest> {
      const taken = await repo.findTakenFields(db, { phone });
      if (taken.phone) return "phone-taken";
      // SMS cost money and annoy the phone's owner: a few an hour per phone, and a ceiling for the whole
      // site a minute (counted in the database, so every instance shares them; docs/decisions/022).
      const recent = await repo.recentOtpSends(db, phone);
      if (recent.phoneLastHour >= OTP_PER_PHONE_PER_HOUR) {
        throw tooManyRequests(`ขอรหัส OTP สำหรับเบอร์นี้ครบ ${OTP_PER_PHONE_PER_HOUR} ครั้งใน 1 ชั่วโมงแล้ว กรุณาลองใหม่ภายหลัง`);
      }
      if (recent.siteLastMinute >= OTP_SITE_PER_MINUTE) throw new ApiError(503, "ขณะนี้มีผู้ขอรหัส OTP จำนวนมาก กรุณาลองใหม่ในอีกสักครู่");
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const stored = await repo.storeOtp(
        db,
        phone,
        sha256(`${phone}:${code}`),
        OTP_RESEND_SECONDS,
        OTP_TTL_SECONDS,
        PHONE_VERIFIED_FOR_SECONDS,
      );
      if (!stored) {
        const wait = await repo.secondsUntilOtpResend(db, phone, OTP_RESEND_SECONDS);
        throw tooManyRequests(`เพิ่งส่งรหัส OTP ไปที่เบอร์นี้ ขอรหัสใหม่ได้ในอีก ${wait} วินาที`);
      }
      await repo.recordOtpSend(db, phone, address);
      try {
        await sms.send(phone, `รหัส OTP ของคุณคือ ${code} (ใช้ได้ ${OTP_TTL_SECONDS / 60} นาที)`);
      } catch {
        return "not-sent";
      }
      return "sent";
    },

    async verifyOtp(phone: string, otp: string, ip: string): Promise<OtpCheck> {
      // Every check compares the code (never "already verified, fine"), and counts as an attempt.
      const expected = await repo.takeOtpAttempt(db, phone, OTP_MAX_ATTEMPTS);
      if (!expected) return { outcome: "used-up" };
      const given = Buffer.from(sha256(`${phone}:${otp}`));
      if (!timingSafeEqual(given, Buffer.from(expected))) return { outcome: "wrong" };
      const otptoken = randomBytes(24).toString("base64url");
      await repo.markPhoneVerified(db, phone, ip, sha256(otptoken));
      return { outcome: "verified", otptoken };
    },

    /** Which of the two is already another account's (the username first), or null when both are free. */
    async takenOf(username: string, bankNo: string): Promise<"username" | "bankNo" | null> {
      const taken = await repo.findTakenFields(db, { username, bankNo });
      if (taken.username) return "username";
      if (taken.bankNo) return "bankNo";
      return null;
    },

    /**
     * `proof` is the token /check-otp gave: sent in the body as `otptoken`, or kept by the browser in the
     * HttpOnly cookie /check-otp set. Never the address: a phone's address changes between the calls (carrier
     * NAT) and is shared with strangers (docs/decisions/047).
     */
    async register(body: z.output<typeof auth.register.body>, proof: string | undefined) {
      await refuseDisabledBank(db, body.bankname);
      if (body.uuidmother) {
        const referrer = await repo.findUserById(db, body.uuidmother);
        if (!referrer || referrer.role !== "player" || referrer.state !== "active") {
          throw badRequest("ลิงก์แนะนำเพื่อนไม่ถูกต้อง ไม่พบผู้แนะนำ");
        }
      }
      const taken = await repo.findTakenFields(db, { username: body.username, phone: body.phonenumber, bankNo: body.bankno });
      if (taken.username) throw conflict(TAKEN.username);
      if (taken.phone) throw conflict(TAKEN.phone);
      if (taken.bankNo) throw conflict(TAKEN.bankNo);
      const passwordHash = await hash(body.password, ARGON2);
      try {
        const user = await db.transaction(async (tx) => {
          if (!proof || !(await repo.consumePhoneVerification(tx, body.phonenumber, PHONE_VERIFIED_FOR_SECONDS, sha256(proof)))) {
            throw badRequest("กรุณายืนยันเบอร์โทรศัพท์ด้วยรหัส OTP ก่อนสมัครสมาชิก");
          }
          return repo.insertPlayer(tx, {
            username: body.username,
            passwordHash,
            phone: body.phonenumber,
            bankAccountName: body.bankaccounts,
            bankNo: body.bankno,
            bankCode: body.bankname,
            referrerId: body.uuidmother,
          });
        });
        return user.id;
      } catch (e) {
        // Two registrations racing past the pre-check: the unique index decides, with the same message.
        if (isUniqueViolation(e)) {
          const c = pgError(e).constraint;
          throw conflict(c === "users_phone_key" ? TAKEN.phone : c === "users_bank_no_key" ? TAKEN.bankNo : TAKEN.username);
        }
        throw e;
      }
    },

    /** `name` is a username or, for a player, the registered mobile number (docs/decisions/029); one lockout for both. */
    async login(name: string, password: string, address: string): Promise<SignedIn | SecondFactorChallenge> {
      const user = await repo.findUserForSignIn(db, name, looksLikePhone(name));
      const ok = user ? await verify(user.passwordHash, password) : (await verify(await DUMMY_HASH_PROMISE, password), false);
      // Wrong passwords lock this account from this address only, longer after each one (docs/decisions/022):
      // guessing from one place is slowed to nothing, and it cannot lock the owner out elsewhere.
      if (user) await refuseWhileLocked(user.id, address);
      if (!user || !ok) {
        if (user) await repo.recordLoginFailure(db, user.id, address, LOGIN_FAILURE_LIMIT, LOGIN_LOCK_MAX_MINUTES);
        throw new ApiError(401, "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง");
      }
      if (user.state !== "active") throw forbidden("บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่");
      if (user.role === "admin" && (await secondFactor.isEnrolled(user.id))) {
        // No token for a password alone. The failures are not cleared yet either: a known password must
        // not wipe the count of wrong codes between tries.
        const challenge = randomBytes(32).toString("base64url");
        await secondFactorRepo.insertChallenge(db, {
          tokenHash: sha256(challenge),
          userId: user.id,
          address,
          ttlSeconds: CHALLENGE_TTL_SECONDS,
        });
        return { kind: "second-factor", challenge };
      }
      await repo.clearLoginFailures(db, user.id, address);
      const expiresAt = newExpiry();
      const sessionId = await repo.insertSession(db, user.id, expiresAt);
      // The reality check counts from this sign-in (docs/decisions/017).
      if (user.role === "player") await startRealityClock(db, user.id);
      return signedIn(user, sessionId, expiresAt);
    },

    /**
     * An admin's second step: the challenge /login gave (from the same address) and a code of the app or
     * a recovery code. A wrong or replayed code counts as a wrong password of this account and address.
     */
    async loginSecondFactor(challenge: string, code: string, address: string): Promise<SignedIn> {
      const tokenHash = sha256(challenge);
      const userId = await secondFactorRepo.takeChallengeAttempt(db, tokenHash, address, CHALLENGE_MAX_ATTEMPTS);
      if (!userId) throw unauthorized("หมดเวลายืนยันตัวตน กรุณาเข้าสู่ระบบด้วยรหัสผ่านอีกครั้ง");
      await refuseWhileLocked(userId, address);
      const user = await repo.findUserById(db, userId);
      if (!user || user.role !== "admin") throw unauthorized("หมดเวลายืนยันตัวตน กรุณาเข้าสู่ระบบด้วยรหัสผ่านอีกครั้ง");
      if (user.state !== "active") throw forbidden("บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่");
      const check = await secondFactor.checkSignInCode(userId, code);
      if (check.kind === "wrong" || check.kind === "replayed") {
        await repo.recordLoginFailure(db, userId, address, LOGIN_FAILURE_LIMIT, LOGIN_LOCK_MAX_MINUTES);
        throw new ApiError(401, check.kind === "replayed" ? "รหัสนี้ใช้ไปแล้ว กรุณารอรหัสถัดไปในแอป" : "รหัสยืนยันไม่ถูกต้อง");
      }
      const expiresAt = newExpiry();
      const sessionId = await db.transaction(async (tx) => {
        await secondFactorRepo.deleteChallenge(tx, tokenHash);
        await repo.clearLoginFailures(tx, userId, address);
        await writeAudit(tx, {
          actorId: userId,
          action: "admin.sign-in",
          target: `user:${userId}`,
          after: check.kind === "recovery" ? { secondFactor: "recovery-code", recoveryCodesLeft: check.left } : { secondFactor: "totp" },
        });
        return repo.insertSession(tx, userId, expiresAt, true);
      });
      return signedIn(user, sessionId, expiresAt);
    },

    /**
     * Forgot password, first step: a code by SMS when the phone is a player's. Every answer (and every
     * limit) is the same whether or not it is (docs/decisions/029), and so is the work behind it: one
     * statement checks the limits, counts the ask and stores the code for the phone's player if there is one
     * (docs/decisions/048); the SMS is not waited for. The sends count in otp_sends like
     * registration codes: 5 an hour per phone, the site's ceiling a minute, one a minute per phone.
     */
    async forgotPassword(phone: string, address: string, log: FastifyBaseLogger) {
      // A code is drawn and hashed for every ask: only the database knows whether it is kept.
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const asked = await repo.askPasswordReset(db, {
        phone,
        address,
        codeHash: sha256(`reset:${phone}:${code}`),
        ttlSeconds: OTP_TTL_SECONDS,
        perPhonePerHour: OTP_PER_PHONE_PER_HOUR,
        sitePerMinute: OTP_SITE_PER_MINUTE,
        resendSeconds: OTP_RESEND_SECONDS,
      });
      if (asked.phoneLastHour >= OTP_PER_PHONE_PER_HOUR) {
        throw tooManyRequests(`ขอรหัส OTP สำหรับเบอร์นี้ครบ ${OTP_PER_PHONE_PER_HOUR} ครั้งใน 1 ชั่วโมงแล้ว กรุณาลองใหม่ภายหลัง`);
      }
      if (asked.siteLastMinute >= OTP_SITE_PER_MINUTE) throw new ApiError(503, "ขณะนี้มีผู้ขอรหัส OTP จำนวนมาก กรุณาลองใหม่ในอีกสักครู่");
      if (asked.secondsSinceLast !== null && asked.secondsSinceLast < OTP_RESEND_SECONDS) {
        throw tooManyRequests(`เพิ่งส่งรหัส OTP ไปที่เบอร์นี้ ขอรหัสใหม่ได้ในอีก ${Math.max(1, OTP_RESEND_SECONDS - asked.secondsSinceLast)} วินาที`);
      }
      if (asked.registered) {
        // Not waited for: the answer leaves as soon as the statement is done, registered or not.
        sms
          .send(phone, `รหัส OTP สำหรับตั้งรหัสผ่านใหม่คือ ${code} (ใช้ได้ ${OTP_TTL_SECONDS / 60} นาที) หากคุณไม่ได้ขอ โปรดเพิกเฉยข้อความนี้`)
          .catch((e: unknown) => {
            // The player is not told (that would say the phone is registered); the operator's log is.
            log.error({ err: e }, "password-reset SMS not sent");
          });
      }
    },

    /**
     * Forgot password, second step. The code is checked like a password: a wrong one counts in the
     * account's lockout from this address, and a locked address waits like a sign-in does. On success the
     * password changes, every session of the account ends and this address's failures are cleared.
     */
    async resetPassword(phone: string, otp: string, newPassword: string, address: string) {
      const wrong = () => new ApiError(400, "รหัส OTP ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาตรวจสอบ หรือขอรหัสใหม่", "Failure");
      const user = await repo.findPlayerByPhone(db, phone);
      if (!user) throw wrong();
      await refuseWhileLocked(user.id, address);
      const expected = await repo.takePasswordResetAttempt(db, user.id, OTP_MAX_ATTEMPTS);
      const given = sha256(`reset:${phone}:${otp}`);
      if (!expected || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        if (expected) await repo.recordLoginFailure(db, user.id, address, LOGIN_FAILURE_LIMIT, LOGIN_LOCK_MAX_MINUTES);
        throw wrong();
      }
      const passwordHash = await hash(newPassword, ARGON2);
      const revoked = await db.transaction(async (tx) => {
        // Used once: two requests with the same code cannot both set a password.
        if (!(await repo.consumePasswordReset(tx, user.id, expected))) throw wrong();
        await repo.updatePasswordHash(tx, user.id, passwordHash);
        const ids = await repo.revokeAllSessions(tx, user.id);
        await repo.clearLoginFailures(tx, user.id, address);
        await writeAudit(tx, { actorId: user.id, action: "password.reset", target: user.id, after: { sessionsRevoked: ids.length } });
        return ids;
      });
      remember(revoked);
    },

    /** A new token for the session, and the seconds it is good for. */
    async renew(user: AuthUser): Promise<{ jwt: string; secondsLeft: number }> {
      const expiresAt = await repo.extendSession(db, user.sessionId, newExpiry(), SESSION_MAX_SECONDS);
      // Ended between the check and this renewal (a logout elsewhere): the page must say it was ended, not timed out.
      if (!expiresAt && (revokedHere.has(user.sessionId) || (await repo.wasRevoked(db, user.sessionId)))) {
        throw new SessionEnded("revoked", "การเข้าสู่ระบบนี้สิ้นสุดแล้ว กรุณาเข้าสู่ระบบใหม่");
      }
      // Past the session's 31 days: the player signs in again.
      if (!expiresAt || expiresAt.getTime() <= Date.now()) throw new SessionEnded("expired", "การเข้าสู่ระบบหมดเวลาแล้ว กรุณาเข้าสู่ระบบใหม่");
      const row = await repo.findUserById(db, user.uuid);
      if (!row) throw unauthorized();
      const s = Math.floor((expiresAt.getTime() - Date.now()) / 1000);
      return { jwt: await issueToken(row, user.sessionId, expiresAt), secondsLeft: s };
    },

    /** Calls `listener` with the ids of the sessions each logout, password change, reset, ban or time-out here ends. */
    onSessionsEnded(listener: (ids: string[]) => void) {
      endedListeners.add(listener);
    },

    /** Which of these sessions are live (not revoked, not past their time, their player not banned), read afresh. */
    async liveSessions(ids: string[]): Promise<Set<string>> {
      const live = new Set<string>();
      // Bounded statements: a server with many sockets open reads their sessions a few thousand at a time.
      for (let i = 0; i < ids.length; i += 5000)
        for (const row of await repo.findLiveSessions(db, ids.slice(i, i + 5000))) live.add(row.session.id);
      return live;
    },

    /** Sessions revoked elsewhere (a time-out or self-exclusion): no check in flight may accept them now. */
    forgetSessions(ids: string[]) {
      remember(ids);
    },

    async logout(user: AuthUser) {
      await repo.revokeSession(db, user.sessionId);
      remember([user.sessionId]);
    },

    async checkOldPassword(user: AuthUser, who: string, password: string) {
      if (who.toLowerCase() !== user.username && who !== user.uuid) throw forbidden();
      const row = await repo.findUserById(db, user.uuid);
      if (!row || !(await verify(row.passwordHash, password))) {
        await repo.markPasswordChecked(db, user.sessionId, null);
        throw new ApiError(400, "รหัสผ่านเดิมไม่ถูกต้อง", "Failure");
      }
      await repo.markPasswordChecked(db, user.sessionId, new Date());
    },

    async updatePassword(user: AuthUser, uuid: string, newPassword: string) {
      ownUuid(user, uuid);
      const passwordHash = await hash(newPassword, ARGON2);
      const revoked = await db.transaction(async (tx) => {
        if (!(await repo.consumePasswordCheck(tx, user.sessionId, PASSWORD_CHECK_VALID_SECONDS))) {
          throw forbidden("กรุณายืนยันรหัสผ่านเดิมก่อนเปลี่ยนรหัสผ่าน");
        }
        await repo.updatePasswordHash(tx, user.uuid, passwordHash);
        const ids = await repo.revokeOtherSessions(tx, user.uuid, user.sessionId);
        await writeAudit(tx, { actorId: user.uuid, action: "password.change", target: user.uuid });
        return ids;
      });
      // After the commit (a failed change revokes nothing): remembered and dropped from the cache.
      remember(revoked);
    },

    /** The signed-in user, when the uuid named is their own. */
    async own(user: AuthUser, uuid: string): Promise<AuthUser> {
      ownUuid(user, uuid);
      return user;
    },

    async referrerName(id: string): Promise<string> {
      const row = await repo.findUserById(db, id);
      if (!row || row.role !== "player") throw notFound("ไม่พบผู้แนะนำ");
      return row.username;
    },

    async bankInfo(user: AuthUser, username: string): Promise<RegisteredBank> {
      if (username !== user.username) throw forbidden();
      const row = await repo.findUserById(db, user.uuid);
      if (!row?.bankCode || !row.bankNo || !row.bankAccountName) throw notFound("ไม่พบข้อมูลบัญชีธนาคาร");
      return { bankCode: row.bankCode as z.output<typeof auth.BankCode>, bankNo: row.bankNo, bankAccountName: row.bankAccountName };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
