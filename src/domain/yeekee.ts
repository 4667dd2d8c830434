// Yeekee (DESIGN.md §7, docs/decisions/009): the result rule and the hash chain over the shots.
// Runs on the server and in the browser's recomputation view, so it uses no Node-only API: SHA-256 and
// HMAC come from @noble/hashes, audited and pure TypeScript, the same in both (docs/decisions/043).
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

export interface Shot {
  // 1, 2, 3, … in the server's receive order within the round.
  seq: number;
  // Exactly five ASCII digits, leading zeros kept ("00042").
  number: string;
  userId: string;
  // ISO 8601 receive time, as stored (the exact text is hashed).
  at: string;
}

// Every round gets a result whatever the number of shots (DESIGN.md §7, docs/decisions/034): the sealed
// seed, not the shots, is what no one can foresee. An operator may still set a minimum (0 to 1000)
// below which a round is void.
export const YEEKEE_MIN_SHOTS_DEFAULT = 0;
export const YEEKEE_MIN_SHOTS_MAX = 1000;

// Positions counting back from the last shot (position 1 = the last shot).
const SIXTEEN = 16;
const ONE_HUNDRED = 100;
const MODULUS = 100_000n;

export type YeekeeResult =
  | { void: true; shots: number }
  | {
      void: false;
      shots: number;
      // Predicttotal: the sum of every shot.
      sum: bigint;
      // The number subtracted: the 16th shot counting back, or "00000" when there are fewer than 16.
      sixteenth: string;
      // The sealed offset added (0 for rounds decided before seeds existed).
      offset: number;
      // R, five digits.
      result: string;
      top3: string;
      bottom2: string;
      // The last shot; null for a round with no shots.
      oneRecord: string | null;
      sixteenRecord: string | null;
      oneHundredRecord: string | null;
    };

export function isShotNumber(s: string): boolean {
  return /^[0-9]{5}$/.test(s);
}

// `numbers` are the round's shots in the server's receive order; `offset` is the round's sealed offset
// (yeekeeOffset below; 0 for rounds decided before seeds existed).
// R = (sum of all shots − the 16th shot counting back from the last + offset) mod 100000, as five
// digits; top 3 = the last three digits of R, bottom 2 = its first two.
// Every round has a result, whatever the number of shots (docs/decisions/034): with fewer than 16
// there is no 16th shot, so nothing is subtracted (sixteenth = "00000", sixteenRecord = null); with
// none the sum is 0 and R is the offset. Only an operator's minimum (`minShots`, default 0) makes a
// round with fewer shots void (cancelled, every slip refunded).
// Throws a RangeError for a number that is not exactly five ASCII digits, for a minShots that is not
// an integer from 0 to 1000, or for an offset that is not an integer from 0 to 99999.
export function yeekeeResult(numbers: string[], minShots = YEEKEE_MIN_SHOTS_DEFAULT, offset = 0): YeekeeResult {
  if (!Number.isSafeInteger(minShots) || minShots < 0 || minShots > YEEKEE_MIN_SHOTS_MAX) {
    throw new RangeError(`minShots must be an integer from 0 to ${YEEKEE_MIN_SHOTS_MAX}, got ${String(minShots)}`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= Number(MODULUS)) {
    throw new RangeError(`offset must be an integer from 0 to 99999, got ${String(offset)}`);
  }
  let sum = 0n;
  for (const n of numbers) {
    if (!isShotNumber(n)) throw new RangeError(`Not a 5-digit shot: ${JSON.stringify(n)}`);
    sum += BigInt(n);
  }
  const shots = numbers.length;
  if (shots < minShots) return { void: true, shots };

  const back = (position: number): string | null => (shots >= position ? (numbers[shots - position] ?? null) : null);
  const sixteenRecord = back(SIXTEEN);
  const sixteenth = sixteenRecord ?? "00000";
  // sum − sixteenth is never negative (the 16th shot is part of the sum), but the modulo is taken
  // the non-negative way anyway so the rule holds for any integers.
  const r = (((sum - BigInt(sixteenth) + BigInt(offset)) % MODULUS) + MODULUS) % MODULUS;
  const result = r.toString().padStart(5, "0");
  return {
    void: false,
    shots,
    sum,
    sixteenth,
    offset,
    result,
    top3: result.slice(2),
    bottom2: result.slice(0, 2),
    oneRecord: back(1),
    sixteenRecord,
    oneHundredRecord: back(ONE_HUNDRED),
  };
}

// ---------------------------------------------------------------------------------------------
// Hash chain. Each shot's hash covers the previous shot's hash, so publishing the head live fixes
// every shot before it: nobody, the operator included, can add, drop, alter or reorder shots later.

export const GENESIS_HASH = "0".repeat(64);

// The canonical text is `${previousHash}|${seq}|${number}|${userId}|${at}`. The server must keep "|"
// out of userId (a uuid) and at (ISO time), otherwise two different shots could share one text.
export function shotHash(previousHash: string, shot: Shot): string {
  return sha256Hex(`${previousHash}|${shot.seq}|${shot.number}|${shot.userId}|${shot.at}`);
}

export function chainHead(shots: Shot[]): string {
  let head = GENESIS_HASH;
  for (const shot of shots) head = shotHash(head, shot);
  return head;
}

export type ChainVerification = { ok: true; head: string } | { ok: false; brokenAt: number };

// Checks shots in the order given. brokenAt is the seq of the first shot whose seq is not the
// previous seq + 1 (starting from 1), or whose stored hash differs from the recomputed one. A chain
// that verifies must still be compared with the head published live: dropping shots from the end,
// or rebuilding every hash, yields a valid chain with a different head.
export function verifyChain(shots: Array<Shot & { hash: string }>): ChainVerification {
  let head = GENESIS_HASH;
  for (let i = 0; i < shots.length; i++) {
    const shot = shots[i];
    if (shot === undefined) return { ok: false, brokenAt: i + 1 };
    if (shot.seq !== i + 1) return { ok: false, brokenAt: shot.seq };
    const expected = shotHash(head, shot);
    if (shot.hash !== expected) return { ok: false, brokenAt: shot.seq };
    head = expected;
  }
  return { ok: true, head };
}

// ---------------------------------------------------------------------------------------------
// The sealed seed (docs/decisions/012). The sum of public shots alone lets whoever shoots last choose
// R, so R also adds an offset that nobody can know before the result time: the database draws a secret
// 32-byte seed when the round is created and publishes only its commitment, SHA-256(seed). At the result
// time the seed is revealed; anyone can check it against the commitment and recompute the offset.

/** SHA-256 of the seed's 32 bytes, as 64 lowercase hex digits: published from the round's first moment. */
export function seedCommitment(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}

/**
 * offset = the first 8 bytes of HMAC-SHA256(key = the seed's 32 bytes, message = the chain head after
 * the last shot as its 64 hex characters), read as an unsigned big-endian integer, mod 100000. The head
 * covers every shot, the last one included, so no shot can be chosen to cancel the offset out.
 */
export function yeekeeOffset(seedHex: string, head: string): number {
  if (!/^[0-9a-f]{64}$/.test(head)) throw new RangeError("The chain head must be 64 lowercase hex digits");
  const mac = hmac(sha256, seedBytes(seedHex), utf8ToBytes(head));
  let n = 0n;
  for (let i = 0; i < 8; i++) n = (n << 8n) | BigInt(mac[i]!);
  return Number(n % MODULUS);
}

function seedBytes(seedHex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new RangeError("A seed is 32 bytes, written as 64 lowercase hex digits");
  return hexToBytes(seedHex);
}

/** SHA-256 of the UTF-8 bytes of `text` (TextEncoder's: a lone surrogate becomes U+FFFD), as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
