import { errors, jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  uuid: string;
  username: string;
  userType: string;
  role: "player" | "admin";
  /** The session this token belongs to; revoking the session kills every token of it. */
  sessionId: string;
  exp: number;
}

export interface TokenIssuer {
  sign(claims: Omit<TokenClaims, "exp">, expiresAt: Date): Promise<string>;
  /** Returns the claims, or null for a malformed, tampered, unsigned or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
  /**
   * Why `verify` refused a token: "expired" when it is ours, untouched, and past its time; "invalid" for
   * anything else (altered, another key, malformed). Only asked on the refusal path.
   */
  refusal(token: string): Promise<"expired" | "invalid">;
}

const VERIFIED_CACHE_MAX = 50_000;

export function tokenIssuer(secret: string): TokenIssuer {
  // Imported once: importing the raw secret on every call costs more than the check itself.
  const key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  // A token's signature check depends only on the token and the secret, so a token already verified
  // (the exact same string, signature included) is not checked again; only its expiry is. Revocation
  // is the session check's business (service.authenticate), not this cache's.
  const verified = new Map<string, TokenClaims>();
  const unexpired = (c: TokenClaims) => c.exp * 1000 > Date.now();
  async function check(token: string): Promise<TokenClaims | null> {
    try {
      // Only HS256 is accepted: a token with alg "none" or any other algorithm is refused.
      const { payload } = await jwtVerify(token, await key, { algorithms: ["HS256"] });
      const { uuid, username, userType, role, jti, exp } = payload;
      if (
        typeof uuid !== "string" ||
        typeof username !== "string" ||
        typeof userType !== "string" ||
        (role !== "player" && role !== "admin") ||
        typeof jti !== "string" ||
        typeof exp !== "number" ||
        payload.sub !== uuid
      ) {
        return null;
      }
      return { uuid, username, userType, role, sessionId: jti, exp };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
  return {
    async sign(claims, expiresAt) {
      return new SignJWT({
        uuid: claims.uuid,
        username: claims.username,
        userType: claims.userType,
        role: claims.role,
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.uuid)
        .setJti(claims.sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    async refusal(token) {
      try {
        await jwtVerify(token, await key, { algorithms: ["HS256"] });
        return "invalid";
      } catch (e) {
        // jose checks the signature before the claims: JWTExpired means signed by us, only too old.
        return e instanceof errors.JWTExpired ? "expired" : "invalid";
      }
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (unexpired(known)) return known;
        verified.delete(token);
        return null;
      }
      const claims = await check(token);
      if (claims && unexpired(claims)) {
        if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
        verified.set(token, claims);
      }
      return claims;
    },
  };
}
