import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NAME_TITLES, PERSON_NAME_CASES, personNameKey } from "../../src/domain/person-name";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";

// same_person() decides in SQL (referral commission, games); the domain's personNameKey is its oracle. Both are
// held to the same cases, and to each other on random names (docs/decisions/048).
const app = useTestApp();

async function sqlKeys(names: string[]): Promise<Array<string | null>> {
  const r = await app.t.owner.$client.query<{ k: string | null }>(
    `select person_name_key(n) as k from unnest($1::text[]) with ordinality as t(n, i) order by i`,
    [names],
  );
  return r.rows.map((row) => row.k);
}

describe("person_name_key and same_person()", () => {
  it("the SQL key is the domain's on every listed case", async () => {
    const names = PERSON_NAME_CASES.flatMap(([a, b]) => [a, b]);
    expect(await sqlKeys(names)).toEqual(names.map(personNameKey));
    const same = await app.t.owner.$client.query<{ same: boolean }>(
      `select coalesce(person_name_key(a) = person_name_key(b), false) as same
       from unnest($1::text[], $2::text[]) with ordinality as t(a, b, i) order by i`,
      [PERSON_NAME_CASES.map((c) => c[0]), PERSON_NAME_CASES.map((c) => c[1])],
    );
    expect(same.rows.map((r) => r.same)).toEqual(PERSON_NAME_CASES.map((c) => c[2]));
  });

  it("the SQL key is the domain's on random names of Thai, Latin, titles and separators", async () => {
    const piece = fc.constantFrom(
      ...NAME_TITLES,
      "สม",
      "ชาย",
      "ใจ",
      "ดี",
      "ทำ",
      "\u0e4d\u0e32",
      "ก่",
      "Som",
      "CHAI",
      "jai",
      "ＳＯＭ",
      "é",
      "1",
      " ",
      "  ",
      "-",
      ".",
      "'",
      "\u00a0",
      "\u200b",
      "\u2013",
      "\u2019",
      "_",
      "/",
      "\t",
    );
    const names = fc.sample(
      fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
      { numRuns: 2000, seed: 48 },
    );
    expect(await sqlKeys(names)).toEqual(names.map(personNameKey));
  });

  it("same_person() tells two players apart by the normalised holder's name", async () => {
    const a = await createPlayer(app.t, { bankaccounts: "ทดสอบ ชื่อตรง" });
    const b = await createPlayer(app.t, { bankaccounts: "นาย ทดสอบ-ชื่อตรง." });
    const c = await createPlayer(app.t, { bankaccounts: "ทดสอบ ชื่อตรงกัน" });
    const r = await app.t.owner.$client.query<{ ab: boolean; ac: boolean }>(`select same_person($1, $2) as ab, same_person($1, $3) as ac`, [
      a.uuid,
      b.uuid,
      c.uuid,
    ]);
    expect(r.rows[0]).toEqual({ ab: true, ac: false });
  });
});
