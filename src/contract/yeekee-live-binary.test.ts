import { describe, expect, it } from "vitest";
import { type NumberRecord, packLiveShots, unpackLiveShots } from "./yeekee";
import { decodeLiveShots, encodeLiveShots, type HeldShooter, liveShotsRange } from "./yeekee-live-binary";
import { GENESIS_HASH, shotHash } from "../domain/yeekee";

const SHOOTERS = [
  { shooter: "0123456789abcdef", username: "08x***123" },
  { shooter: "fedcba9876543210", username: "สมชาย***" },
  { shooter: "00000000000000ff", username: "" },
];

/** A round's chain: shooters taking turns (shot i by SHOOTERS[pick(i)]), instants with a step back. */
function chain(n: number, pick = (i: number) => i % SHOOTERS.length): NumberRecord[] {
  let head = GENESIS_HASH;
  const start = Date.UTC(2026, 10, 29, 8, 14, 59, 990);
  return Array.from({ length: n }, (_, i) => {
    const seq = i + 1;
    const { shooter, username } = SHOOTERS[pick(i)]!;
    // Mostly forward a few ms, once back (a clock step): deltas are signed.
    const at = new Date(start + i * 7 - (i === 4 ? 20 : 0)).toISOString();
    const number = String((seq * 7919) % 100000).padStart(5, "0");
    head = shotHash(head, { seq, number, userId: shooter, at });
    return {
      uuid: "",
      username,
      shooter,
      activityid: 4242,
      number,
      seq,
      at,
      hash: head,
      timestop: "2026-11-29T08:15:00.000Z",
      dateTimeStop: "29/11/2569 15:15",
      activitytype: "yeekee5",
    };
  });
}

const frame = (records: NumberRecord[], firstSeq?: (i: number) => number) =>
  encodeLiveShots(records[0]!, records, { first: records[0]!.hash, head: records.at(-1)!.hash }, firstSeq);

/** Each shooter's first shot in `all`, as the server reads it (docs/decisions/064). */
const firstSeqIn = (all: NumberRecord[]) => (r: NumberRecord) => all.find((x) => x.shooter === r.shooter)!.seq;

const heldFrom =
  (records: NumberRecord[]): HeldShooter =>
  (seq) =>
    records.find((r) => r.seq === seq);

const nothingHeld: HeldShooter = () => undefined;

describe("the live feed's binary shots frame", () => {
  it("decodes to the same message as the JSON one, and its shots to the same chain", () => {
    const records = chain(12);
    const bytes = frame(records)!;
    const decoded = decodeLiveShots(bytes, nothingHeld);
    expect(decoded).toEqual(packLiveShots(records));
    expect(unpackLiveShots(decoded!).map((r) => r.hash)).toEqual(records.map((r) => r.hash));
    expect(liveShotsRange(bytes)).toEqual({ from: 1, count: 12 });
  });

  it("names a shooter once: later rows refer back, within the frame or to a shot the reader holds", () => {
    const all = chain(40);
    const later = all.slice(30);
    const first = firstSeqIn(all);
    // Refers back to seq 1-3, before this frame: only a reader holding them can read it.
    const bytes = frame(later, (i) => first(later[i]!))!;
    expect(decodeLiveShots(bytes, heldFrom(all.slice(0, 30)))).toEqual(packLiveShots(later));
    expect(decodeLiveShots(bytes, nothingHeld)).toBeNull();
    expect(decodeLiveShots(bytes, (seq) => (seq === 1 ? undefined : heldFrom(all)(seq)))).toBeNull();
    // The same shots standing alone: readable with nothing held, each shooter named in the frame.
    const alone = frame(later)!;
    expect(decodeLiveShots(alone, nothingHeld)).toEqual(packLiveShots(later));
    expect(alone.length).toBeGreaterThan(bytes.length);
    // A quarter of the JSON message's bytes, or less, once the shooters are known (the opening fields
    // weigh most in a frame of ten rows).
    expect(bytes.length * 4).toBeLessThan(JSON.stringify(packLiveShots(later)).length);
  });

  it("stays small per shot when the shooters repeat: under 10 bytes a row beyond the frame's opening fields", () => {
    const all = chain(2001);
    const head = frame(all.slice(1000, 1001), (i) => firstSeqIn(all)(all[1000 + i]!))!.length;
    const many = all.slice(1000);
    const bytes = frame(many, (i) => firstSeqIn(all)(many[i]!))!;
    expect((bytes.length - head) / (many.length - 1)).toBeLessThan(10);
  });

  it("is not made for shots its layout cannot carry: the JSON message carries those", () => {
    const records = chain(3);
    const change = (patch: Partial<NumberRecord>, at = 1) => records.map((r, i) => (i === at ? { ...r, ...patch } : r));
    expect(frame(change({ number: "1234" }))).toBeNull();
    expect(frame(change({ number: "12a45" }))).toBeNull();
    expect(frame(change({ at: "2026-11-29T08:15:00Z" }))).toBeNull();
    expect(frame(change({ at: "not a time" }))).toBeNull();
    expect(frame(change({ shooter: "0123456789ABCDEF" }))).toBeNull();
    expect(frame(change({ seq: 5 }))).toBeNull();
    expect(frame(change({ hash: "x".repeat(64) }, 0))).toBeNull();
    // A first shot after the row itself, or before the shots the frame may refer to: not a frame.
    expect(frame(records, (i) => i + 2)).toBeNull();
    expect(frame(records, () => 0)).toBeNull();
    expect(encodeLiveShots(records[0]!, [], { first: records[0]!.hash, head: records[0]!.hash })).toBeNull();
  });

  it("reads anything else as no message, never throwing: cut short, a byte more, another kind, a reference out of range", () => {
    const records = chain(9);
    const bytes = frame(records)!;
    for (let n = 0; n < bytes.length; n++) expect(decodeLiveShots(bytes.subarray(0, n), nothingHeld)).toBeNull();
    expect(decodeLiveShots(new Uint8Array([...bytes, 0]), nothingHeld)).toBeNull();
    expect(decodeLiveShots(new Uint8Array([2, ...bytes.subarray(1)]), nothingHeld)).toBeNull();
    expect(liveShotsRange(new Uint8Array([2, ...bytes.subarray(1)]))).toBeNull();
    expect(liveShotsRange(new Uint8Array([1, 0x80]))).toBeNull();
    // One shooter: row 1 names it, row 2 refers back 1 (its last byte). Back 2 would be seq 0, before
    // the frame's base (1): not a frame.
    const same = frame(
      chain(2, () => 2),
      () => 1,
    )!;
    expect(same.at(-1)).toBe(1);
    expect(decodeLiveShots(same, nothingHeld)?.shots.map((row) => row[3])).toEqual(["00000000000000ff", "00000000000000ff"]);
    const forged = Uint8Array.from(same);
    forged[forged.length - 1] = 2;
    expect(decodeLiveShots(forged, () => SHOOTERS[0])).toBeNull();
  });
});
