import type { LiveShots } from "./yeekee";

/**
 * The live feed's shots as one binary WebSocket frame (docs/decisions/064): what the JSON message says,
 * in about a tenth of its bytes, as each shot is sent to every watcher of a round. The same shots
 * decode to the same `LiveShots` as the JSON message, so a reader handles both alike.
 *
 * Layout (varints are unsigned LEB128; `zigzag` a signed one; `str` a varint length then UTF-8):
 *   u8 1 · varint activityid · varint from · varint count · varint base · 32 bytes firstHash · 32 bytes head ·
 *   str timestop · str dateTimeStop · str activitytype · varint ms (the `at` before the first shot's) ·
 *   one row per seq from `from` to `count`: varint number · zigzag ms since the row before · varint back ·
 *   when back is 0: 8 bytes shooter and str username, else the shooter and username of shot seq − back.
 * A row refers back only to a shot at or after `base`: one of the same message, or (base < from) one the
 * reader already holds. A message with base = from stands alone.
 */
export const LIVE_SHOTS_BINARY = 1;

/** The shooter and (masked) name of a shot a reader already holds. */
export type HeldShooter = (seq: number) => { shooter: string; username: string } | undefined;

export interface LiveShotRow {
  seq: number;
  number: string;
  username: string;
  shooter: string;
  at: string;
}

const HEX16 = /^[0-9a-f]{16}$/;
const HEX64 = /^[0-9a-f]{64}$/;
const NUMBER = /^\d{5}$/;
const MAX_ROWS = 100_000;

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { fatal: true });

class Writer {
  private bytes = new Uint8Array(256);
  length = 0;

  private room(n: number) {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(b: number) {
    this.room(1);
    this.bytes[this.length++] = b;
  }

  /** Whole numbers up to 2^53 (arithmetic, not 32-bit shifts). */
  varint(n: number) {
    this.room(8);
    while (n >= 0x80) {
      this.bytes[this.length++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.bytes[this.length++] = n;
  }

  zigzag(n: number) {
    this.varint(n >= 0 ? n * 2 : -n * 2 - 1);
  }

  hex(s: string) {
    this.room(s.length / 2);
    for (let i = 0; i < s.length; i += 2) this.bytes[this.length++] = parseInt(s.slice(i, i + 2), 16);
  }

  str(s: string) {
    const b = utf8.encode(s);
    this.varint(b.length);
    this.room(b.length);
    this.bytes.set(b, this.length);
    this.length += b.length;
  }

  done(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/**
 * Consecutive shots of one round as a binary frame, or null when one does not fit the layout (a number
 * not of 5 digits, an instant not in the chain's ISO form, a hash or shooter not lower-case hex): the
 * JSON message carries those. `firstSeq(i)` is the seq of the round's first shot by row i's shooter, for
 * a frame whose readers hold the round from seq 1 (base 1); without it, the frame stands alone.
 */
export function encodeLiveShots(
  round: { activityid: number; timestop: string; dateTimeStop: string; activitytype: string },
  rows: readonly LiveShotRow[],
  hashes: { first: string; head: string },
  firstSeq?: (i: number) => number,
): Uint8Array | null {
  const from = rows[0]?.seq;
  if (from === undefined || !HEX64.test(hashes.first) || !HEX64.test(hashes.head)) return null;
  const base = firstSeq ? 1 : from;
  const w = new Writer();
  w.byte(LIVE_SHOTS_BINARY);
  w.varint(round.activityid);
  w.varint(from);
  w.varint(from + rows.length - 1);
  w.varint(base);
  w.hex(hashes.first);
  w.hex(hashes.head);
  w.str(round.timestop);
  w.str(round.dateTimeStop);
  w.str(round.activitytype);
  let ms = Date.parse(rows[0]!.at);
  w.varint(Number.isFinite(ms) && ms >= 0 ? ms : 0);
  // Within the frame, each shooter's first row (for a frame that stands alone).
  const seen = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const at = Date.parse(r.at);
    if (r.seq !== from + i || !NUMBER.test(r.number) || !HEX16.test(r.shooter) || !(at >= 0) || new Date(at).toISOString() !== r.at)
      return null;
    w.varint(Number(r.number));
    w.zigzag(at - ms);
    ms = at;
    const target = firstSeq ? firstSeq(i) : (seen.get(r.shooter) ?? r.seq);
    if (!firstSeq && !seen.has(r.shooter)) seen.set(r.shooter, r.seq);
    if (target > r.seq || target < base) return null;
    w.varint(r.seq - target);
    if (target === r.seq) {
      w.hex(r.shooter);
      w.str(r.username);
    }
  }
  return w.done();
}

class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  private need(n: number) {
    if (this.at + n > this.bytes.length) throw new RangeError("short frame");
  }

  byte(): number {
    this.need(1);
    return this.bytes[this.at++]!;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
      if (scale > 2 ** 49) throw new RangeError("varint too long");
    }
  }

  zigzag(): number {
    const n = this.varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }

  hex(n: number): string {
    this.need(n);
    let s = "";
    for (let i = 0; i < n; i++) s += this.bytes[this.at++]!.toString(16).padStart(2, "0");
    return s;
  }

  str(): string {
    const n = this.varint();
    this.need(n);
    const s = utf8Decoder.decode(this.bytes.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }

  get ended() {
    return this.at === this.bytes.length;
  }
}

/** The frame's opening fields (seq `from` to `count`), read without the rows; null when it is not one. */
export function liveShotsRange(bytes: Uint8Array): { from: number; count: number } | null {
  try {
    const r = new Reader(bytes);
    if (r.byte() !== LIVE_SHOTS_BINARY) return null;
    r.varint();
    return { from: r.varint(), count: r.varint() };
  } catch {
    return null;
  }
}

/**
 * A binary frame as the live message it stands for; null when it is malformed or refers to a shot the
 * reader does not hold (`held`), which a reader treats as a gap.
 */
export function decodeLiveShots(bytes: Uint8Array, held: HeldShooter): LiveShots | null {
  try {
    const r = new Reader(bytes);
    if (r.byte() !== LIVE_SHOTS_BINARY) return null;
    const activityid = r.varint();
    const from = r.varint();
    const count = r.varint();
    const base = r.varint();
    if (from < 1 || count < from || count - from >= MAX_ROWS || base < 1 || base > from) return null;
    const firstHash = r.hex(32);
    const head = r.hex(32);
    const timestop = r.str();
    const dateTimeStop = r.str();
    const activitytype = r.str();
    let ms = r.varint();
    const shots: LiveShots["shots"] = [];
    for (let seq = from; seq <= count; seq++) {
      const number = r.varint();
      if (number > 99_999) return null;
      ms += r.zigzag();
      const back = r.varint();
      let shooter: string;
      let username: string;
      if (back === 0) {
        shooter = r.hex(8);
        username = r.str();
      } else {
        const target = seq - back;
        if (target < base) return null;
        const known = target >= from ? { shooter: shots[target - from]![3], username: shots[target - from]![2] } : held(target);
        if (!known) return null;
        ({ shooter, username } = known);
      }
      shots.push([seq, String(number).padStart(5, "0"), username, shooter, new Date(ms).toISOString()]);
    }
    if (!r.ended) return null;
    return { type: "shots", from, count, head, activityid, timestop, dateTimeStop, activitytype, firstHash, shots };
  } catch {
    // A short frame, bad UTF-8, an instant out of range: not a message.
    return null;
  }
}
