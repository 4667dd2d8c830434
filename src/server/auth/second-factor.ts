import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { writeAudit } from "../admin/audit";
import type { Db, Tx } from "../db/client";
import { ApiError, badRequest, conflict, forbidden } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import * as repo from "./second-factor-repository";
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from "./totp";

/** How many one-time recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 (no i, l, o, u): 16 characters are 80 random bits, out of reach of guessing a hash. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_LENGTH = 16;
/** A secret shown but not confirmed is good for this long. */
const PENDING_SECRET_SECONDS = 30 * 60;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * The TOTP secret is kept sealed (AES-256-GCM, the admin's id as associated data) under a key derived
 * from JWT_SECRET, which every instance has and the database does not: a copy of the database alone
 * does not give the codes. Changing JWT_SECRET makes the sealed secrets unreadable; admins then sign in
 * with a recovery code and enrol again (docs/decisions/024).
 */
export function secretBox(jwtSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, "lotto-admin-second-factor", "totp-secret-seal", 32));
  return {
    seal(userId: string, secret: Buffer): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(secret), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    /** The secret, or null when the seal is not this key's (JWT_SECRET changed) or not this admin's. */
    open(userId: string, sealed: string): Buffer | null {
      if (!sealed.startsWith("v1.")) return null;
      const raw = Buffer.from(sealed.slice(3), "base64url");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/** A new recovery code as the admin reads it: four groups of four (xxxx-xxxx-xxxx-xxxx). */
function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join("-");
}

/** A recovery code as typed (any case, with or without dashes and spaces, Crockford's look-alikes) to its hash. */
export function recoveryCodeHash(typed: string): string {
  const clean = typed.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
  return sha256(`recovery:${clean}`);
}

export interface SecondFactorDeps {
  db: Db;
  box: SecretBox;
  /** false: the back office opens without a second factor (tests only; ADMIN_TOTP_REQUIRED). */
  required: boolean;
  /** Called when a session has just passed the second factor: the session cache must read it again. */
  sessionChanged: (sessionId: string) => void;
  now?: () => number;
}

/** An admin's second factor as the back office shows it. */
export interface SecondFactorStatus {
  enrolled: boolean;
  required: boolean;
  /** This session passed the second factor. */
  sessionVerified: boolean;
  confirmedAt: Date | null;
  recoveryCodesLeft: number;
}

export type SignInCodeCheck = { kind: "totp" } | { kind: "recovery"; left: number } | { kind: "replayed" } | { kind: "wrong" };

export function secondFactorService(deps: SecondFactorDeps) {
  const { db, box } = deps;
  const now = deps.now ?? Date.now;

  async function freshRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
    return codes;
  }

  /** The step of a right code of the confirmed secret, or null. */
  async function totpStepOf(userId: string, code: string): Promise<number | null> {
    const row = await repo.findSecondFactor(db, userId);
    const secret = row?.secret ? box.open(userId, row.secret) : null;
    return secret ? matchTotp(secret, code, now()) : null;
  }

  return {
    async isEnrolled(userId: string): Promise<boolean> {
      return !!(await repo.findSecondFactor(db, userId))?.secret;
    },

    /**
     * A code at the second step of an admin's sign-in: a TOTP code of a step not used before, or an
     * unused recovery code (which is then spent).
     */
    async checkSignInCode(userId: string, code: string): Promise<SignInCodeCheck> {
      if (/^\d{6}$/.test(code)) {
        const step = await totpStepOf(userId, code);
        if (step === null) return { kind: "wrong" };
        return (await repo.advanceLastStep(db, userId, step)) ? { kind: "totp" } : { kind: "replayed" };
      }
      if (!(await repo.useRecoveryCode(db, userId, recoveryCodeHash(code)))) return { kind: "wrong" };
      return { kind: "recovery", left: await repo.recoveryCodesLeft(db, userId) };
    },

    async status(user: AuthUser): Promise<SecondFactorStatus> {
      const row = await repo.findSecondFactor(db, user.uuid);
      return {
        enrolled: !!row?.secret,
        required: deps.required,
        sessionVerified: await repo.sessionPassedSecondFactor(db, user.sessionId),
        confirmedAt: row?.confirmedAt ?? null,
        recoveryCodesLeft: row?.secret ? await repo.recoveryCodesLeft(db, user.uuid) : 0,
      };
    },

    /**
     * A new secret, shown this once (the URI for the QR and the text for typing in). Replacing a confirmed
     * one needs a session that passed it: a password alone must not move the second factor elsewhere.
     */
    async startEnrolment(user: AuthUser, issuer: string): Promise<{ otpauthUri: string; secret: string }> {
      const row = await repo.findSecondFactor(db, user.uuid);
      if (row?.secret && !(await repo.sessionPassedSecondFactor(db, user.sessionId))) {
        throw forbidden("เปลี่ยนแอปยืนยันตัวตนได้หลังเข้าสู่ระบบด้วยรหัส 6 หลักหรือรหัสกู้คืนเท่านั้น");
      }
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await repo.storePendingSecret(tx, user.uuid, box.seal(user.uuid, secret));
        await writeAudit(tx, {
          actorId: user.uuid,
          action: "admin.totp.enrol-start",
          target: `user:${user.uuid}`,
          after: { replacing: !!row?.secret },
        });
      });
      return { otpauthUri: otpauthUri(issuer, user.username, secret), secret: base32Encode(secret) };
    },

    /**
     * The first right code confirms the new secret: it replaces the old one, the recovery codes are made
     * (shown this once) and this session has passed the second factor.
     */
    async confirmEnrolment(user: AuthUser, code: string): Promise<string[]> {
      const row = await repo.findSecondFactor(db, user.uuid);
      const pendingFor = row?.pendingAt ? (now() - row.pendingAt.getTime()) / 1000 : Infinity;
      if (!row?.pendingSecret || pendingFor > PENDING_SECRET_SECONDS) {
        throw conflict("ยังไม่ได้เริ่มตั้งค่า หรือ QR หมดอายุแล้ว กรุณากดเริ่มตั้งค่าใหม่");
      }
      const secret = box.open(user.uuid, row.pendingSecret);
      const step = secret ? matchTotp(secret, code, now()) : null;
      if (step === null) throw badRequest("รหัสไม่ถูกต้อง กรุณาตรวจว่าเวลาในโทรศัพท์ตรงกับเวลาจริง แล้วกรอกรหัสล่าสุดจากแอป");
      const codes = await db.transaction(async (tx) => {
        if (!(await repo.confirmPendingSecret(tx, user.uuid, row.pendingSecret!, step))) {
          throw conflict("มีการเริ่มตั้งค่าใหม่ระหว่างนี้ กรุณาสแกน QR ล่าสุด");
        }
        const fresh = await freshRecoveryCodes(tx, user.uuid);
        await repo.markSessionSecondFactor(tx, user.sessionId);
        await writeAudit(tx, {
          actorId: user.uuid,
          action: "admin.totp.enrol",
          target: `user:${user.uuid}`,
          after: { replaced: !!row.secret, recoveryCodes: fresh.length },
        });
        return fresh;
      });
      deps.sessionChanged(user.sessionId);
      return codes;
    },

    /** New recovery codes (the old ones stop working), for a current code of the authenticator. */
    async renewRecoveryCodes(user: AuthUser, code: string): Promise<string[]> {
      const step = await totpStepOf(user.uuid, code);
      if (step === null) throw new ApiError(400, "รหัส 6 หลักไม่ถูกต้อง");
      const codes = await db.transaction(async (tx) => {
        if (!(await repo.advanceLastStep(tx, user.uuid, step))) throw badRequest("รหัสนี้ใช้ไปแล้ว กรุณารอรหัสถัดไปในแอป");
        const fresh = await freshRecoveryCodes(tx, user.uuid);
        await writeAudit(tx, {
          actorId: user.uuid,
          action: "admin.totp.recovery-codes",
          target: `user:${user.uuid}`,
          after: { recoveryCodes: fresh.length },
        });
        return fresh;
      });
      return codes;
    },
  };
}

export type SecondFactorService = ReturnType<typeof secondFactorService>;
