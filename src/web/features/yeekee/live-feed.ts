import { LiveMessage, type NumberRecord, unpackLiveShots } from "../../../contract/yeekee";
import { decodeLiveShots, type HeldShooter } from "../../../contract/yeekee-live-binary";
import { GENESIS_HASH, shotHash } from "../../../domain/yeekee";
import { parseMessage } from "../../lib/live-socket";

/**
 * A live message of the yeekee feed, or null for anything else. Shots come as a binary frame that may
 * name a shooter by an earlier shot, looked up in `held` (docs/decisions/064); one that names a shot not
 * held is null, as is a malformed one.
 */
export function parseLiveMessage(data: unknown, held: HeldShooter = () => undefined): LiveMessage | null {
  if (data instanceof ArrayBuffer) return decodeLiveShots(new Uint8Array(data), held);
  return parseMessage(LiveMessage, data);
}

/** What the page shows of the live feed; `records` is append-only and shared between snapshots. */
export interface FeedSnapshot {
  records: readonly NumberRecord[];
  lastSeq: number;
  count: number;
  head: string;
  shootUntil: string | null;
  result: "result" | "void" | null;
  error: string | null;
}

/**
 * The shots of one round as received live, in seq order. A shot at or below `lastSeq` is a repeat
 * (a catch-up overlapping what was already seen) and is dropped, so a reconnect with
 * `after=lastSeq` continues the list without gaps or doubles.
 */
export class ShotFeed {
  readonly records: NumberRecord[] = [];
  lastSeq = 0;
  count = 0;
  head = GENESIS_HASH;
  shootUntil: string | null = null;
  result: "result" | "void" | null = null;
  error: string | null = null;

  /** The shooter of a shot held, for a frame that names it by that shot. */
  readonly held: HeldShooter = (seq) => this.records[seq - 1];

  /** Applies one message; true when something shown changed. */
  apply(m: LiveMessage): boolean {
    switch (m.type) {
      case "hello":
        this.shootUntil = m.shootUntil;
        this.error = null;
        // The chain as it stands now; the catch-up shots up to it follow.
        this.publish(m.count, m.head);
        return true;
      case "shots": {
        const records = unpackLiveShots(m);
        if (!this.continues(m, records)) {
          this.error = "ลำดับแฮชของเลขที่ได้รับไม่ต่อเนื่อง ไม่แสดงชุดนี้";
          return true;
        }
        let changed = false;
        for (const record of records) {
          if (record.seq <= this.lastSeq) continue;
          this.records.push(record);
          this.lastSeq = record.seq;
          changed = true;
        }
        // The head shown is the one computed from the shots held, which the message's head matched.
        if (changed) this.publish(m.count, records.at(-1)!.hash);
        return changed;
      }
      case "result":
        if (this.result === m.result) return false;
        this.result = m.result;
        return true;
      case "error":
        this.error = m.message;
        return true;
    }
  }

  /**
   * A message is taken only if its shots are consecutive from `from` to `count`, begin where the shots
   * already held end (no gap), continue their chain (the first shot's hash follows from the held one
   * before it), and reach the message's head: a feed that showed other numbers than it hashes is refused.
   */
  private continues(m: Extract<LiveMessage, { type: "shots" }>, records: NumberRecord[]): boolean {
    const first = records[0];
    if (!first || m.from > this.lastSeq + 1) return false;
    if (!records.every((r, i) => r.seq === m.from + i) || records.at(-1)!.seq !== m.count) return false;
    const before = m.from === 1 ? GENESIS_HASH : this.records[m.from - 2]?.hash;
    if (
      before === undefined ||
      shotHash(before, { seq: first.seq, number: first.number, userId: first.shooter, at: first.at }) !== first.hash
    )
      return false;
    return records.at(-1)!.hash === m.head;
  }

  /** The count and head only move forward: catch-up shots older than the hello's head do not rewind them. */
  private publish(count: number, head: string) {
    if (count < this.count) return;
    this.count = count;
    this.head = head;
  }

  snapshot(): FeedSnapshot {
    return {
      records: this.records,
      lastSeq: this.lastSeq,
      count: this.count,
      head: this.head,
      shootUntil: this.shootUntil,
      result: this.result,
      error: this.error,
    };
  }
}

/** The first 12 hex digits of a hash, as shown in lists. */
export const shortHash = (hash: string) => hash.slice(0, 12);
