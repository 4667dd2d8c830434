import { describe, expect, it } from "vitest";
import { type NumberRecord, packLiveShots, unpackLiveShots } from "../../../contract/yeekee";
import { GENESIS_HASH, seedCommitment, shotHash, yeekeeOffset, yeekeeResult } from "../../../domain/yeekee";
import { parseLiveMessage, ShotFeed } from "./live-feed";
import { reconnectDelay } from "../../lib/live-socket";
import { cancelledText, publishedResult, verifyRound } from "./verify";

function chainOf(numbers: string[]): NumberRecord[] {
  let head = GENESIS_HASH;
  return numbers.map((number, i) => {
    const seq = i + 1;
    const shooter = i % 2 === 0 ? "aaaaaaaaaaaaaaaa" : "bbbbbbbbbbbbbbbb";
    const at = new Date(Date.UTC(2026, 2, 6, 5, 0, seq)).toISOString();
    head = shotHash(head, { seq, number, userId: shooter, at });
    return {
      uuid: "",
      username: "pla***",
      shooter,
      activityid: 7,
      number,
      seq,
      at,
      hash: head,
      timestop: "2026-03-06T05:10:00.000Z",
      dateTimeStop: "",
      activitytype: "yeekee",
    };
  });
}

function awardOf(numbers: string[], offset = 0) {
  const r = yeekeeResult(numbers, 0, offset);
  if (r.void) throw new Error("void");
  return [
    { award_type: "ThreeDigit" as const, number: r.top3 },
    { award_type: "TwoDigit" as const, number: r.bottom2 },
    { award_type: "Predicttotal" as const, number: r.sum.toString() },
    ...(r.oneRecord ? [{ award_type: "OneRecord" as const, number: r.oneRecord }] : []),
    ...(r.sixteenRecord ? [{ award_type: "SixteenRecord" as const, number: r.sixteenRecord }] : []),
  ];
}

const numbers = Array.from({ length: 25 }, (_, i) => String((i * 7919 + 12345) % 100000).padStart(5, "0"));

describe("verifyRound", () => {
  it("accepts an intact chain ending at the published head with the published result", () => {
    const records = chainOf(numbers);
    const head = records.at(-1)!.hash;
    const v = verifyRound({
      records,
      publishedHead: head,
      publishedCount: 25,
      liveHead: records[19]!.hash,
      liveCount: 20,
      awardLines: awardOf(numbers),
    });
    expect(v.chainOk).toBe(true);
    expect(v.resultMatches).toBe(true);
    expect(publishedResult(awardOf(numbers))?.result).toBe(v.computed && !v.computed.void ? v.computed.result : "");
  });

  it("finds an altered shot, a dropped last shot, a head other than the one seen live, and a wrong result", () => {
    const records = chainOf(numbers);
    const head = records.at(-1)!.hash;
    const altered = records.map((r) => (r.seq === 5 ? { ...r, number: "99999" } : r));
    const a = verifyRound({ records: altered, publishedHead: head, publishedCount: 25, awardLines: [] });
    expect(a.chain).toEqual({ ok: false, brokenAt: 5 });
    expect(a.chainOk).toBe(false);

    const dropped = verifyRound({ records: records.slice(0, 24), publishedHead: head, publishedCount: 25, awardLines: [] });
    expect(dropped.chain.ok).toBe(true);
    expect(dropped.chainOk).toBe(false);

    const live = verifyRound({ records, publishedHead: head, publishedCount: 25, liveHead: "f".repeat(64), liveCount: 10, awardLines: [] });
    expect(live.liveHeadMatches).toBe(false);
    expect(live.chainOk).toBe(false);

    const lines = awardOf(numbers).map((l) => (l.award_type === "ThreeDigit" ? { ...l, number: l.number === "000" ? "001" : "000" } : l));
    const wrong = verifyRound({ records, publishedHead: head, publishedCount: 25, awardLines: lines });
    expect(wrong.chainOk).toBe(true);
    expect(wrong.resultMatches).toBe(false);
  });
});

describe("ShotFeed", () => {
  it("keeps shots once, in order, across a catch-up that overlaps, without rewinding the head", () => {
    const records = chainOf(numbers.slice(0, 5));
    const feed = new ShotFeed();
    feed.apply({ type: "hello", activityid: 7, timenow: "", shootUntil: "2026-03-06T05:10:00.000Z", count: 3, head: records[2]!.hash });
    for (const r of records.slice(0, 3)) feed.apply(packLiveShots([r]));
    expect(feed.head).toBe(records[2]!.hash);
    // Reconnected with after=2: shot 3 comes again and is dropped.
    feed.apply({ type: "hello", activityid: 7, timenow: "", shootUntil: "2026-03-06T05:10:00.000Z", count: 5, head: records[4]!.hash });
    for (const r of records.slice(2)) feed.apply(packLiveShots([r]));
    expect(feed.records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(feed.count).toBe(5);
    expect(feed.head).toBe(records[4]!.hash);
  });

  it("a live message carries each shot whole: packed, sent as JSON and unpacked, the records come back equal", () => {
    const records = chainOf(numbers.slice(0, 4));
    const parsed = parseLiveMessage(JSON.stringify(packLiveShots(records)));
    expect(parsed).toMatchObject({ type: "shots", from: 1, count: 4, head: records[3]!.hash });
    expect(parsed?.type === "shots" ? unpackLiveShots(parsed) : null).toEqual(records);
  });

  it("the feed refuses a message that shows other numbers than its chain, skips shots or does not follow on", () => {
    const records = chainOf(numbers.slice(0, 6));
    const feed = new ShotFeed();
    expect(feed.apply(packLiveShots(records.slice(0, 3)))).toBe(true);
    const changed = packLiveShots(records.slice(3));
    changed.shots[1]![1] = "99999";
    const gap = packLiveShots(records.slice(4));
    const forged = { ...packLiveShots(records.slice(3)), firstHash: records[2]!.hash };
    for (const bad of [changed, gap, forged]) {
      feed.apply(bad);
      expect(feed.error).toMatch(/แฮช/);
      expect(feed.records.map((r) => r.seq)).toEqual([1, 2, 3]);
      expect(feed.head).toBe(records[2]!.hash);
    }
    feed.apply(packLiveShots(records.slice(3)));
    expect(feed.records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(feed.head).toBe(records[5]!.hash);
  });

  it("a live message with a shot changed on the way no longer reaches its head", () => {
    const records = chainOf(numbers.slice(0, 4));
    const message = packLiveShots(records);
    expect(unpackLiveShots(message).at(-1)!.hash).toBe(message.head);
    message.shots[2]![1] = "99999";
    expect(unpackLiveShots(message).at(-1)!.hash).not.toBe(message.head);
  });

  it("parses only the known messages, and backs off up to 5 seconds", () => {
    expect(parseLiveMessage('{"type":"result","activityid":7,"result":"void"}')).toEqual({ type: "result", activityid: 7, result: "void" });
    expect(parseLiveMessage('{"type":"other"}')).toBeNull();
    expect(parseLiveMessage("not json")).toBeNull();
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe("verifyRound with a sealed seed", () => {
  const seed = "5eed".repeat(16);
  const commitment = seedCommitment(seed);
  const records = chainOf(numbers);
  const head = records.at(-1)!.hash;
  const offset = yeekeeOffset(seed, head);
  const round = (over: Partial<Parameters<typeof verifyRound>[0]> = {}) =>
    verifyRound({
      records,
      publishedHead: head,
      publishedCount: 25,
      seedCommitment: commitment,
      seed,
      publishedOffset: offset,
      seenCommitment: commitment,
      awardLines: awardOf(numbers, offset),
      ...over,
    });

  it("verifies the seed against the commitment, recomputes the offset and the result with it", () => {
    const v = round();
    expect(v.seal).toEqual({ commitment, seed, commitmentMatches: true, offset, publishedOffset: offset });
    expect(v.computed).toMatchObject({ offset });
    expect(v.resultMatches).toBe(true);
    expect(v.chainOk).toBe(true);
    // The same shots without the offset would be another result (unless the offset happens to be 0).
    expect(offset).not.toBe(0);
    expect(round({ awardLines: awardOf(numbers, 0) }).resultMatches).toBe(false);
  });

  it("fails a changed seed, a commitment other than the one seen at the start, a changed offset and a changed shot", () => {
    const otherSeed = "5eee" + seed.slice(4);
    expect(round({ seed: otherSeed }).seal.commitmentMatches).toBe(false);
    expect(round({ seed: otherSeed }).resultMatches).toBe(false);
    // The server swapping seed and commitment together is caught by the commitment seen before.
    expect(round({ seed: otherSeed, seedCommitment: seedCommitment(otherSeed) }).resultMatches).toBe(false);
    expect(round({ publishedOffset: (offset + 1) % 100000 }).resultMatches).toBe(false);
    const altered = records.map((r) => (r.seq === 25 ? { ...r, number: r.number === "00000" ? "00001" : "00000" } : r));
    const v = round({ records: altered });
    expect(v.chainOk).toBe(false);
    expect(v.seal.offset).toBeNull();
    expect(v.resultMatches).toBe(false);
    // A rebuilt chain with the shot changed verifies as a chain, but not to the published head.
    const rebuilt = chainOf(altered.map((r) => r.number));
    expect(round({ records: rebuilt }).chainOk).toBe(false);
  });

  it("before the reveal shows the commitment and the sum rule alone, with nothing to compare yet", () => {
    const v = round({ seed: null, publishedOffset: null, awardLines: [] });
    expect(v.seal).toEqual({ commitment, seed: null, commitmentMatches: null, offset: null, publishedOffset: null });
    expect(v.computed).toMatchObject({ offset: 0 });
    expect(v.resultMatches).toBeNull();
  });
});

// docs/decisions/034: few shots still give a result; a cancelled round has none, and its check says why.
describe("verifyRound of a round with few shots, or cancelled", () => {
  const seed = "0fee".repeat(16);
  const commitment = seedCommitment(seed);
  const few = ["31415", "00042", "27182"];
  const records = chainOf(few);
  const head = records.at(-1)!.hash;
  const offset = yeekeeOffset(seed, head);
  const base = { records, publishedHead: head, publishedCount: 3, seedCommitment: commitment, seed, seenCommitment: commitment };

  it("recomputes and matches the published result of a round of 3 shots", () => {
    const v = verifyRound({ ...base, publishedOffset: offset, awardLines: awardOf(few, offset) });
    expect(v.chainOk).toBe(true);
    expect(v.resultMatches).toBe(true);
    expect(v.checks.every((c) => c.ok)).toBe(true);
    expect(v.computed).toMatchObject({ void: false, sum: 58_639n, sixteenth: "00000", offset });
  });

  it("computes no result, no offset and no failing check for a cancelled round, whose seed still matches", () => {
    const v = verifyRound({ ...base, publishedOffset: null, awardLines: [], cancelled: true });
    expect(v.cancelled).toBe(true);
    expect(v.computed).toBeNull();
    expect(v.seal).toEqual({ commitment, seed, commitmentMatches: true, offset: null, publishedOffset: null });
    expect(v.checks).toEqual([]);
    expect(v.resultMatches).toBeNull();
    expect(v.chainOk).toBe(true);
  });

  it("says in Thai why a round was cancelled", () => {
    expect(cancelledText({ reason: "minShots", shots: 3, minShots: 20 })).toContain("ยิงเลขเพียง 3 เลข น้อยกว่าขั้นต่ำ 20 เลข");
    expect(cancelledText({ reason: "minShots", shots: 3, minShots: null })).toContain("ไม่ถึงจำนวนขั้นต่ำ");
    expect(cancelledText({ reason: "operator" })).toContain("ผู้ดูแลระบบยกเลิกรอบนี้");
    expect(cancelledText(null)).toBe("");
  });
});
