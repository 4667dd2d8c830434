import { randomBytes } from "node:crypto";
import { HOTP, Secret, TOTP } from "otpauth";

/**
 * Time-based one-time codes (RFC 6238 over RFC 4226's HOTP) as authenticator apps make them: HMAC-SHA-1,
 * 30-second steps, 6 digits. The codes, base32 and the otpauth:// URI come from `otpauth`, a maintained
 * library, not from code of our own (docs/decisions/043); this module keeps the site's settings in one place.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted: a phone clock a little off, a code typed at the turn. */
export const TOTP_WINDOW = 1;

const ALGORITHM = "SHA1";

/** otpauth's Secret over a copy of the bytes: a Buffer's `.buffer` may be a shared pool larger than the key. */
function secretOf(bytes: Uint8Array): Secret {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer });
}

/** RFC 4648 base32 without padding, the form otpauth:// URIs and authenticator apps use. */
export function base32Encode(bytes: Uint8Array): string {
  return secretOf(bytes).base32;
}

/** Reads base32 (any case, spaces and padding ignored); null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
  try {
    return Buffer.from(Secret.fromBase32(text.replace(/[\s=]/g, "")).bytes);
  } catch {
    return null;
  }
}

/** A new shared secret: 20 random bytes (160 bits, the HMAC-SHA-1 key size RFC 4226 recommends). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: secretOf(secret), algorithm: ALGORITHM, digits, counter });
}

/** The 30-second step a moment falls in (RFC 6238's T, counted from the Unix epoch). */
export function totpStep(atMs: number): number {
  return TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: atMs });
}

/** The code an authenticator shows at a moment. */
export function totpAt(secret: Uint8Array, atMs: number, digits = TOTP_DIGITS): string {
  return TOTP.generate({ secret: secretOf(secret), algorithm: ALGORITHM, digits, period: TOTP_STEP_SECONDS, timestamp: atMs });
}

/**
 * The step whose code `code` is, within TOTP_WINDOW steps of `atMs`, or null. The caller keeps the last
 * step used and refuses one not after it, so a code seen over a shoulder cannot be used again.
 */
export function matchTotp(secret: Uint8Array, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  // otpauth compares each candidate in constant time (node:crypto's timingSafeEqual) and answers the
  // distance in steps from now.
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    timestamp: atMs,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStep(atMs) + delta;
}

/** The otpauth:// URI an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: Uint8Array): string {
  return new TOTP({
    issuer,
    label: account,
    secret: secretOf(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString();
}
