import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  GENESIS_HASH,
  YEEKEE_MIN_SHOTS_DEFAULT,
  chainHead,
  isShotNumber,
  seedCommitment,
  sha256Hex,
  shotHash,
  verifyChain,
  yeekeeOffset,
  yeekeeResult,
  type Shot,
} from "./yeekee";

// "00001", "00002", … "0000n" (and so on) in receive order.
const sequence = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(5, "0"));

const shotNumber = fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, "0"));

describe("sha256Hex", () => {
  it.each<[string, string, string]>([
    ["the empty string", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    // FIPS 180-2 appendix B.1 (sha256sum agrees).
    ["abc", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "the 448-bit FIPS vector",
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
    [
      "the 896-bit FIPS vector",
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    ],
    // Padding edges: 55 bytes fit one block, 56 need a second, 64 fill one exactly.
    ["55 × a", "a".repeat(55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"],
    ["56 × a", "a".repeat(56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"],
    ["63 × a", "a".repeat(63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"],
    ["64 × a", "a".repeat(64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"],
    // UTF-8: Thai (3 bytes a character), an astral character (a surrogate pair, 4 bytes) and a lone
    // surrogate, which is hashed as U+FFFD like TextEncoder does.
    ["Thai text", "หวยยี่กี", "29891a3bd931cf93a83541ed00301bd4984c5be11119d43ad00ecac486ce25e8"],
    ["an emoji", "😀", "f0443a342c5ef54783a111b51ba56c938e474c32324d90c3a60c9c8e3a37e2d9"],
    ["a lone surrogate", "\ud800x", "a87ce46793cc659b79bd187e998f8488635f707d5be0957e1d565981efd2b04b"],
  ])("hashes %s", (_name, text, hex) => {
    expect(sha256Hex(text)).toBe(hex);
  });

  it("hashes one million a", () => {
    expect(sha256Hex("a".repeat(1_000_000))).toBe("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  });

  // WebCrypto (a web standard, present in browsers and Node) as an independent oracle.
  it("agrees with WebCrypto over TextEncoder on any string", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 200 }), async (text) => {
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
        const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
        expect(sha256Hex(text)).toBe(hex);
      }),
      { numRuns: 300 },
    );
  });
});

describe("isShotNumber", () => {
  it.each(["00000", "12345", "99999"])("accepts %s", (s) => {
    expect(isShotNumber(s)).toBe(true);
  });

  it.each(["", "1234", "123456", " 12345", "12345\n", "1234a", "-1234", "+1234", "1.234", "๑๒๓๔๕", "１２３４５"])("refuses %j", (s) => {
    expect(isShotNumber(s)).toBe(false);
  });
});

describe("yeekeeResult", () => {
  it("defaults to no minimum: every round has a result (docs/decisions/034)", () => {
    expect(YEEKEE_MIN_SHOTS_DEFAULT).toBe(0);
  });

  // With no minimum, a round of few shots is decided like any other: below 16 shots nothing is
  // subtracted, with none the sum is 0, and the sealed offset is added in every case.
  it.each<[string, string[], number, Partial<Extract<ReturnType<typeof yeekeeResult>, { void: false }>>]>([
    // No shot: R is the offset alone.
    [
      "0 shots",
      [],
      4321,
      { shots: 0, sum: 0n, sixteenth: "00000", result: "04321", top3: "321", bottom2: "04", oneRecord: null, sixteenRecord: null },
    ],
    // 00042 + 99990 = 100032 → 00032.
    ["1 shot", ["00042"], 99_990, { shots: 1, sum: 42n, sixteenth: "00000", result: "00032", oneRecord: "00042", sixteenRecord: null }],
    // 1 + … + 15 = 120; + 7 = 127.
    [
      "15 shots",
      sequence(1, 15),
      7,
      { shots: 15, sum: 120n, sixteenth: "00000", result: "00127", oneRecord: "00015", sixteenRecord: null },
    ],
    // 1 + … + 16 = 136; the first shot is #16 from the last: 136 − 1 + 50000 = 50135.
    [
      "16 shots",
      sequence(1, 16),
      50_000,
      { shots: 16, sum: 136n, sixteenth: "00001", result: "50135", oneRecord: "00016", sixteenRecord: "00001" },
    ],
    // 1 + … + 17 = 153; #16 from the last is the 2nd shot: 153 − 2 + 0 = 151.
    [
      "17 shots",
      sequence(1, 17),
      0,
      { shots: 17, sum: 153n, sixteenth: "00002", result: "00151", oneRecord: "00017", sixteenRecord: "00002" },
    ],
  ])("decides a round of %s with the default minimum", (_name, numbers, offset, expected) => {
    const r = yeekeeResult(numbers, undefined, offset);
    expect(r).toMatchObject({ void: false, offset, oneHundredRecord: null, ...expected });
  });

  it("works the DESIGN.md rule on shots 00001 … 00020", () => {
    // Sum 1 + … + 20 = 210; counting back from the last (00020 is #1), #16 is 00005; 210 − 5 = 205.
    expect(yeekeeResult(sequence(1, 20))).toEqual({
      void: false,
      shots: 20,
      sum: 210n,
      sixteenth: "00005",
      offset: 0,
      result: "00205",
      top3: "205",
      bottom2: "00",
      oneRecord: "00020",
      sixteenRecord: "00005",
      oneHundredRecord: null,
    });
  });

  it("wraps a sum above 100000 and subtracts past a lower remainder", () => {
    // 19 × 12345 = 234555, plus the 5th shot 98765: sum 333320. The 5th of 20 is #16 from the last.
    // 333320 − 98765 = 234555 → R = 34555. Subtracting from the reduced sum (33320 − 98765) would go
    // negative: the modulo must come out non-negative.
    const numbers = Array<string>(20).fill("12345");
    numbers[4] = "98765";
    expect(yeekeeResult(numbers)).toEqual({
      void: false,
      shots: 20,
      sum: 333320n,
      sixteenth: "98765",
      offset: 0,
      result: "34555",
      top3: "555",
      bottom2: "34",
      oneRecord: "12345",
      sixteenRecord: "98765",
      oneHundredRecord: null,
    });
  });

  it("works a mixed round of 21 shots", () => {
    // #16 from the last of 21 shots is the 6th shot (21 − 16 + 1 = 6): 60606.
    const numbers = [
      "90000",
      "00001",
      "55555",
      "31415",
      "27182",
      "60606",
      "00000",
      "99999",
      "12000",
      "00450",
      "70001",
      "08080",
      "44444",
      "00019",
      "65432",
      "10101",
      "88888",
      "00300",
      "23456",
      "50005",
      "00777",
    ];
    // 90000 + 1 + 55555 + 31415 + 27182 = 204153; + 60606 = 264759; + 0 + 99999 = 364758;
    // + 12000 + 450 = 377208; + 70001 + 8080 = 455289; + 44444 + 19 = 499752; + 65432 = 565184;
    // + 10101 + 88888 = 664173; + 300 + 23456 = 687929; + 50005 + 777 = 738711.
    // 738711 − 60606 = 678105 → R = 78105, top 105, bottom 78.
    expect(yeekeeResult(numbers)).toEqual({
      void: false,
      shots: 21,
      sum: 738711n,
      sixteenth: "60606",
      offset: 0,
      result: "78105",
      top3: "105",
      bottom2: "78",
      oneRecord: "00777",
      sixteenRecord: "60606",
      oneHundredRecord: null,
    });
  });

  it("keeps leading zeros of R", () => {
    // 20 × 00000 except the last, 00007: R = 7.
    const numbers = [...Array<string>(19).fill("00000"), "00007"];
    expect(yeekeeResult(numbers)).toMatchObject({ result: "00007", top3: "007", bottom2: "00" });
  });

  it("wraps a round of 20 × 99999", () => {
    // Sum 1999980; − 99999 = 1899981 → R = 99981.
    expect(yeekeeResult(Array<string>(20).fill("99999"))).toMatchObject({
      sum: 1_999_980n,
      result: "99981",
      top3: "981",
      bottom2: "99",
    });
  });

  it("is void with fewer shots than an operator's minimum of 20, and counts them", () => {
    expect(yeekeeResult([], 20)).toEqual({ void: true, shots: 0 });
    expect(yeekeeResult(sequence(1, 19), 20)).toEqual({ void: true, shots: 19 });
    expect(yeekeeResult(sequence(1, 20), 20)).toMatchObject({ void: false, shots: 20, result: "00205" });
  });

  it("uses a configured minimum", () => {
    expect(yeekeeResult(sequence(1, 29), 30)).toEqual({ void: true, shots: 29 });
    // 1 + … + 30 = 465; #16 from the last of 30 is the 15th shot: 465 − 15 = 450.
    expect(yeekeeResult(sequence(1, 30), 30)).toMatchObject({ void: false, shots: 30, result: "00450" });
  });

  it("subtracts nothing when a low minimum lets through fewer than 16 shots", () => {
    // 7 + 11 + 13 = 31, no 16th shot.
    expect(yeekeeResult(["00007", "00011", "00013"], 3)).toEqual({
      void: false,
      shots: 3,
      sum: 31n,
      sixteenth: "00000",
      offset: 0,
      result: "00031",
      top3: "031",
      bottom2: "00",
      oneRecord: "00013",
      sixteenRecord: null,
      oneHundredRecord: null,
    });
    // 15 shots: still nothing subtracted; 1 + … + 15 = 120.
    expect(yeekeeResult(sequence(1, 15), 1)).toMatchObject({ result: "00120", sixteenth: "00000", sixteenRecord: null });
    // Exactly 16: the first shot is #16 from the last; 136 − 1 = 135.
    expect(yeekeeResult(sequence(1, 16), 1)).toMatchObject({ result: "00135", sixteenth: "00001", sixteenRecord: "00001" });
  });

  it("has no OneHundredRecord below 100 shots", () => {
    // 1 + … + 99 = 4950; #16 from the last is the 84th shot; 4950 − 84 = 4866.
    expect(yeekeeResult(sequence(1, 99))).toMatchObject({
      void: false,
      shots: 99,
      result: "04866",
      oneRecord: "00099",
      sixteenRecord: "00084",
      oneHundredRecord: null,
    });
  });

  it("takes the 100th shot counting back from 100 shots on", () => {
    // 1 + … + 100 = 5050; #16 from the last is the 85th shot; 5050 − 85 = 4965.
    expect(yeekeeResult(sequence(1, 100))).toEqual({
      void: false,
      shots: 100,
      sum: 5050n,
      sixteenth: "00085",
      offset: 0,
      result: "04965",
      top3: "965",
      bottom2: "04",
      oneRecord: "00100",
      sixteenRecord: "00085",
      oneHundredRecord: "00001",
    });
    // 1 + … + 101 = 5151; #16 is the 86th shot; #100 is the 2nd; 5151 − 86 = 5065.
    expect(yeekeeResult(sequence(1, 101))).toMatchObject({
      result: "05065",
      oneRecord: "00101",
      sixteenRecord: "00086",
      oneHundredRecord: "00002",
    });
  });

  it("sums exactly beyond the safe-integer range of the site's largest rounds", () => {
    // 200000 × 99999 = 19999800000; − 99999 = 19999700001 → R = 00001.
    expect(yeekeeResult(Array<string>(200_000).fill("99999"))).toMatchObject({
      sum: 19_999_800_000n,
      result: "00001",
      top3: "001",
      bottom2: "00",
    });
  });

  it.each(["1234", "123456", "12a45", " 1234", ""])("refuses the shot %j", (bad) => {
    const numbers = sequence(1, 20);
    numbers[7] = bad;
    expect(() => yeekeeResult(numbers)).toThrow(RangeError);
  });

  it.each([-1, 1.5, Number.NaN, 1001])("refuses a minimum of %d", (min) => {
    expect(() => yeekeeResult(sequence(1, 20), min)).toThrow(RangeError);
  });

  it("gives a 5-digit result split into top 3 and bottom 2", () => {
    fc.assert(
      fc.property(fc.array(shotNumber, { minLength: 0, maxLength: 250 }), fc.integer({ min: 0, max: 30 }), (numbers, min) => {
        const r = yeekeeResult(numbers, min);
        expect(r.shots).toBe(numbers.length);
        if (numbers.length < min) {
          expect(r.void).toBe(true);
          return;
        }
        if (r.void) throw new Error("unexpected void");
        expect(r.result).toMatch(/^\d{5}$/);
        expect(r.top3).toBe(r.result.slice(2));
        expect(r.bottom2).toBe(r.result.slice(0, 2));
        expect(r.oneRecord).toBe(numbers.length > 0 ? numbers[numbers.length - 1] : null);
        expect(r.sixteenRecord).toBe(numbers.length >= 16 ? numbers[numbers.length - 16] : null);
        expect(r.oneHundredRecord).toBe(numbers.length >= 100 ? numbers[numbers.length - 100] : null);
        // R ≡ sum − 16th (mod 100000).
        expect((r.sum - BigInt(r.sixteenth) - BigInt(r.result)) % 100_000n).toBe(0n);
      }),
    );
  });
});

const AT = "2024-05-01T10:00:00.000Z";

const makeShots = (numbers: string[]): Shot[] =>
  numbers.map((number, i) => ({
    seq: i + 1,
    number,
    userId: `u-${i % 3}`,
    at: `2024-05-01T10:00:${String(i % 60).padStart(2, "0")}.000Z`,
  }));

const withHashes = (shots: Shot[]): Array<Shot & { hash: string }> => {
  let previous = GENESIS_HASH;
  return shots.map((shot) => {
    previous = shotHash(previous, shot);
    return { ...shot, hash: previous };
  });
};

const chain = fc.array(shotNumber, { minLength: 1, maxLength: 30 }).map((numbers) => withHashes(makeShots(numbers)));

describe("hash chain", () => {
  it("starts from 64 zeros", () => {
    expect(GENESIS_HASH).toBe("0000000000000000000000000000000000000000000000000000000000000000");
    expect(chainHead([])).toBe(GENESIS_HASH);
    expect(verifyChain([])).toEqual({ ok: true, head: GENESIS_HASH });
  });

  it("hashes the canonical text of each shot", () => {
    const first: Shot = { seq: 1, number: "12345", userId: "u-1", at: AT };
    const second: Shot = { seq: 2, number: "00007", userId: "u-2", at: "2024-05-01T10:00:01.500Z" };
    const h1 = "899dbe148d04adb4166054dfa9c9ea6240726b747ba713fc88caa7954c0ccef7";
    const h2 = "c7ba5cdf1f02ce158c3e34924241ee3bc75d306b22c89905726659b4e798f44c";
    expect(shotHash(GENESIS_HASH, first)).toBe(h1);
    expect(shotHash(GENESIS_HASH, first)).toBe(sha256Hex(`${GENESIS_HASH}|1|12345|u-1|${AT}`));
    expect(shotHash(h1, second)).toBe(h2);
    expect(chainHead([first, second])).toBe(h2);
    expect(
      verifyChain([
        { ...first, hash: h1 },
        { ...second, hash: h2 },
      ]),
    ).toEqual({ ok: true, head: h2 });
  });

  it("verifies an honest chain and reports its head", () => {
    fc.assert(
      fc.property(chain, (shots) => {
        expect(verifyChain(shots)).toEqual({ ok: true, head: chainHead(shots) });
        expect(chainHead(shots)).toBe(shots[shots.length - 1]!.hash);
      }),
    );
  });

  it("changes the head when a shot is appended", () => {
    fc.assert(
      fc.property(chain, shotNumber, (shots, number) => {
        const next: Shot = { seq: shots.length + 1, number, userId: "u-9", at: AT };
        expect(chainHead([...shots, next])).not.toBe(chainHead(shots));
      }),
    );
  });

  it("fails at an altered shot", () => {
    fc.assert(
      fc.property(chain, fc.nat(), fc.constantFrom("number", "userId", "at", "hash"), (shots, pick, field) => {
        const k = pick % shots.length;
        const original = shots[k]!;
        const altered = { ...original };
        if (field === "number") altered.number = String((Number(original.number) + 1) % 100_000).padStart(5, "0");
        if (field === "userId") altered.userId = `${original.userId}x`;
        if (field === "at") altered.at = original.at.replace("Z", "+00:00");
        if (field === "hash") altered.hash = sha256Hex(original.hash);
        const tampered = shots.map((s, i) => (i === k ? altered : s));
        expect(verifyChain(tampered)).toEqual({ ok: false, brokenAt: k + 1 });
      }),
    );
  });

  it("fails right after a dropped shot, and a dropped last shot changes the head", () => {
    fc.assert(
      fc.property(chain, fc.nat(), (shots, pick) => {
        const k = pick % shots.length;
        const dropped = shots.filter((_, i) => i !== k);
        if (k < shots.length - 1) {
          // The shot now at position k + 1 carries seq k + 2.
          expect(verifyChain(dropped)).toEqual({ ok: false, brokenAt: k + 2 });
        } else {
          const result = verifyChain(dropped);
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.head).not.toBe(chainHead(shots));
        }
      }),
    );
  });

  it("fails at the first out-of-order shot", () => {
    fc.assert(
      fc.property(
        fc.array(shotNumber, { minLength: 2, maxLength: 30 }).map((numbers) => withHashes(makeShots(numbers))),
        fc.nat(),
        fc.nat(),
        (shots, a, b) => {
          const i = a % shots.length;
          const j = b % shots.length;
          fc.pre(i !== j);
          const [lo, hi] = i < j ? [i, j] : [j, i];
          const swapped = [...shots];
          swapped[lo] = shots[hi]!;
          swapped[hi] = shots[lo]!;
          // Stored seqs kept: the shot at position lo + 1 carries seq hi + 1.
          expect(verifyChain(swapped)).toEqual({ ok: false, brokenAt: hi + 1 });
          // Seqs renumbered to hide the swap, hashes kept: the hash of position lo + 1 no longer
          // matches, unless the two shots were identical apart from seq and hash.
          const renumbered = swapped.map((s, n) => ({ ...s, seq: n + 1 }));
          const same =
            shots[lo]!.number === shots[hi]!.number && shots[lo]!.userId === shots[hi]!.userId && shots[lo]!.at === shots[hi]!.at;
          if (!same) expect(verifyChain(renumbered)).toEqual({ ok: false, brokenAt: lo + 1 });
          // Every hash rebuilt: the chain verifies but its head is not the published one.
          if (!same) expect(chainHead(renumbered)).not.toBe(chainHead(shots));
        },
      ),
    );
  });

  it("fails at a seq that does not start from 1", () => {
    const shots = withHashes(makeShots(sequence(1, 3)));
    expect(verifyChain(shots.map((s) => ({ ...s, seq: s.seq + 1 })))).toEqual({ ok: false, brokenAt: 2 });
    expect(verifyChain([shots[0]!, { ...shots[1]!, seq: 3 }, shots[2]!])).toEqual({ ok: false, brokenAt: 3 });
  });
});

describe("the sealed seed", () => {
  const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""));
  const bytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (h) => parseInt(h, 16));
  // WebCrypto (a web standard, present in browsers and Node) as the independent oracle.
  const oracleCommitment = async (seed: string) =>
    Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(seed))), (b) => b.toString(16).padStart(2, "0")).join("");
  const oracleOffset = async (seed: string, head: string) => {
    const key = await crypto.subtle.importKey("raw", bytes(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const mac = new DataView(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(head)));
    return Number(mac.getBigUint64(0) % 100000n);
  };

  it("commits to the seed's 32 bytes with SHA-256", async () => {
    await fc.assert(
      fc.asyncProperty(hex64, async (seed) => {
        expect(seedCommitment(seed)).toBe(await oracleCommitment(seed));
      }),
      { numRuns: 200 },
    );
  });

  it("takes the offset from the first 8 bytes of HMAC-SHA256(seed, head) mod 100000", async () => {
    await fc.assert(
      fc.asyncProperty(hex64, hex64, async (seed, head) => {
        expect(yeekeeOffset(seed, head)).toBe(await oracleOffset(seed, head));
      }),
      { numRuns: 200 },
    );
  });

  it("works a fixed example", async () => {
    // seed = 00 01 02 … 1f (SHA-256 from Python's hashlib); head = the genesis hash.
    const seed = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0")).join("");
    expect(seedCommitment(seed)).toBe("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
    expect(yeekeeOffset(seed, GENESIS_HASH)).toBe(await oracleOffset(seed, GENESIS_HASH));
  });

  it("adds the offset to R, mod 100000", () => {
    // 1 + … + 20 = 210; − #16 (5) = 205; + 99900 = 100105 → 00105.
    expect(yeekeeResult(sequence(1, 20), 20, 99_900)).toMatchObject({ result: "00105", offset: 99_900, sum: 210n, sixteenth: "00005" });
    expect(yeekeeResult(sequence(1, 20), 20, 0)).toMatchObject({ result: "00205", offset: 0 });
  });

  it("gives another commitment for a seed changed in any byte", () => {
    fc.assert(
      fc.property(hex64, fc.integer({ min: 0, max: 31 }), fc.integer({ min: 1, max: 255 }), (seed, at, mask) => {
        const byte = (parseInt(seed.slice(at * 2, at * 2 + 2), 16) ^ mask).toString(16).padStart(2, "0");
        expect(seedCommitment(seed.slice(0, at * 2) + byte + seed.slice(at * 2 + 2))).not.toBe(seedCommitment(seed));
      }),
    );
  });

  it.each(["", "00", "0".repeat(63), "0".repeat(65), "G".repeat(64), "A".repeat(64)])("refuses the seed %j", (bad) => {
    expect(() => seedCommitment(bad)).toThrow(RangeError);
    expect(() => yeekeeOffset(bad, GENESIS_HASH)).toThrow(RangeError);
  });

  it.each([-1, 100_000, 1.5, Number.NaN])("refuses an offset of %d", (offset) => {
    expect(() => yeekeeResult(sequence(1, 20), 20, offset)).toThrow(RangeError);
  });
});
