// Yeekee (DESIGN.md §7, docs/decisions/009): the result rule and the hash chain over the shots.
// Runs on the server and in the browser's recomputation view, so it uses no Node-only API: SHA-256,
// HMAC and UTF-8 encoding are implemented here in plain TypeScript.

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
  return toHex(sha256(seedBytes(seedHex)));
}

/**
 * offset = the first 8 bytes of HMAC-SHA256(key = the seed's 32 bytes, message = the chain head after
 * the last shot as its 64 hex characters), read as an unsigned big-endian integer, mod 100000. The head
 * covers every shot, the last one included, so no shot can be chosen to cancel the offset out.
 */
export function yeekeeOffset(seedHex: string, head: string): number {
  if (!/^[0-9a-f]{64}$/.test(head)) throw new RangeError("The chain head must be 64 lowercase hex digits");
  const mac = hmacSha256(seedBytes(seedHex), utf8(head));
  let n = 0n;
  for (let i = 0; i < 8; i++) n = (n << 8n) | BigInt(mac[i]!);
  return Number(n % MODULUS);
}

function seedBytes(seedHex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new RangeError("A seed is 32 bytes, written as 64 lowercase hex digits");
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(seedHex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

// HMAC (RFC 2104) over SHA-256: a 64-byte block; a longer key is hashed first.
function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

// ---------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4) of the UTF-8 bytes of `text`, as 64 lowercase hex digits.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

// UTF-8 like TextEncoder: a lone surrogate becomes U+FFFD.
function utf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        c = 0xfffd;
      }
    }
    if (c < 0x80) {
      out[n++] = c;
    } else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    } else {
      out[n++] = 0xf0 | (c >> 18);
      out[n++] = 0x80 | ((c >> 12) & 0x3f);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return out.subarray(0, n);
}

function sha256(message: Uint8Array): Uint8Array {
  const length = message.length;
  // Message, 0x80, zeros, then the bit length as a 64-bit big-endian integer; a multiple of 64 bytes.
  const padded = new Uint8Array((Math.floor((length + 8) / 64) + 1) * 64);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(padded.length - 4, bits >>> 0);

  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15]!;
      const y = w[t - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[t]! + w[t]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 8; i++) out.setUint32(i * 4, h[i]!);
  return digest;
}

export function sha256Hex(text: string): string {
  return toHex(sha256(utf8(text)));
}
