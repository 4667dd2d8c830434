import { describe, expect, it } from "vitest";
import { controlCharacterIssue, INT_MAX } from "../../src/contract/common";
import { pathOf, type RouteDef } from "../../src/contract/route";
import { THAI } from "../support/app";
import { contractRoutes, fieldsOf, sampleOf, withField } from "../support/contract-fields";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";

// Input checks (docs/decisions/018): a NUL in a note or an id beyond PostgreSQL's integer reached the database as a 500. Every route
// of the contract is called with each of its text fields holding a control character and each of its number
// fields beyond range: a Thai 400 every time, and not one row changes.

const app = useTestApp();
const routes = contractRoutes();

/** Tables that count requests as they arrive, before any input is read: the shared rate limits. */
const REQUEST_COUNTERS = ["rate_limits"];

/** Each table's row count and a hash of its rows, to prove that refused requests wrote nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const client = app.t.owner.$client;
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> all($1) order by 1`,
    [REQUEST_COUNTERS],
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = await client.query<{ n: number; h: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
    );
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.h}`;
  }
  return out;
}

let address = 0;
/** Calls one route as its role, from a fresh client address each time (per-address limits stay out of the way). */
async function send(def: RouteDef, token: string | undefined, body: unknown, params?: Record<string, string>) {
  address += 1;
  const res = await app.t.app.inject({
    method: def.method,
    url: pathOf(def, params),
    ...(def.method === "POST" ? { payload: (body ?? {}) as object } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "idempotency-key": `hardening-${address}` },
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
  const json = res.json() as { status?: string; message?: string; msg?: string };
  return { statusCode: res.statusCode, body: json };
}

describe("every route refuses control characters and out-of-range numbers with a Thai 400, writing nothing", () => {
  it("covers the whole contract", () => {
    // The areas of src/contract/index.ts, each with its calls: a route added to any area is tested below.
    const areas = new Set(routes.map((r) => r.name.split(".")[0]));
    expect([...areas].sort()).toEqual([
      "account",
      "auth",
      "backOffice",
      "bank",
      "betting",
      "games",
      "lottery",
      "notices",
      "points",
      "referral",
      "rg",
      "site",
      "wallet",
      "yeekee",
    ]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it("answers 400 with the control-character message for every text field and 400 for every number beyond range", async () => {
    const player = await createPlayer(app.t);
    const before = await snapshot();
    const failures: string[] = [];
    let calls = 0;

    for (const { name, def } of routes) {
      const token = def.access === "admin" ? app.admin : def.access === "player" ? player.token : undefined;
      const body = def.body ? sampleOf(def.body, player.uuid) : undefined;
      const params = def.params ? (sampleOf(def.params, player.uuid) as Record<string, string>) : undefined;

      /** `control`: the shared check must answer first, with its own message, before any field's schema. */
      const expectRefused = async (where: string, b: unknown, p: Record<string, string> | undefined, control: boolean) => {
        calls += 1;
        const res = await send(def, token, b, p);
        const message = def.errorField === "msg" ? res.body.msg : res.body.message;
        const problem =
          res.statusCode !== 400
            ? `answered ${res.statusCode}`
            : res.body.status !== "Error" || !message || !THAI.test(message)
              ? `no Thai message: ${JSON.stringify(res.body)}`
              : control && message !== (controlCharacterIssue(b) ?? controlCharacterIssue(p))
                ? `another message first: ${message}`
                : null;
        if (problem) failures.push(`${name} ${where}: ${problem}`);
      };

      for (const field of def.body ? fieldsOf(def.body) : []) {
        const at = `body.${field.path.join(".")}`;
        if (field.accepts.has("string")) {
          await expectRefused(`${at} = NUL`, withField(body, field.path, "ab\u0000cd"), params, true);
          await expectRefused(`${at} = ESC`, withField(body, field.path, "\u001b[2J"), params, true);
        }
        if (field.accepts.has("number")) {
          for (const value of outOfRange(field.schema)) {
            if (field.schema.safeParse(value).success) failures.push(`${name} ${at}: its schema takes ${JSON.stringify(value)}`);
            await expectRefused(`${at} = ${JSON.stringify(value)}`, withField(body, field.path, value), params, false);
          }
        }
      }
      for (const field of def.params ? fieldsOf(def.params) : []) {
        const at = `params.${field.path.join(".")}`;
        await expectRefused(`${at} = NUL`, body, withField(params, field.path, "ab\u0000cd") as Record<string, string>, true);
      }
    }

    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(300);
    expect(await snapshot()).toEqual(before);
  }, 240_000);

  it("looks inside free-form JSON too: a control character in a schedule's key or value is refused", async () => {
    const update = routes.find((r) => r.name === "lottery.adminUpdateLottery")!.def;
    for (const schedule of [{ "open\u0000": "x" }, { times: ["06:00", "07:00\u0000"] }]) {
      const res = await send(update, app.admin, { id: "hanoi", name: "ฮานอย", active: true, schedule });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(controlCharacterIssue({ schedule }));
    }
  });
});

describe("a body nested too deeply is refused before anything reads it", () => {
  it("every POST route answers 400 in Thai to 3,000 nested brackets (once 500, stack exhausted), writing nothing", async () => {
    const player = await createPlayer(app.t);
    const before = await snapshot();
    const failures: string[] = [];
    const bodies = ["[".repeat(3000) + "]".repeat(3000), '{"a":'.repeat(3000) + "1" + "}".repeat(3000)];
    for (const { name, def } of routes.filter((r) => r.def.method === "POST")) {
      const token = def.access === "admin" ? app.admin : def.access === "player" ? player.token : undefined;
      const params = def.params ? (sampleOf(def.params, player.uuid) as Record<string, string>) : undefined;
      for (const payload of bodies) {
        address += 1;
        const res = await app.t.app.inject({
          method: "POST",
          url: pathOf(def, params),
          payload,
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        });
        const json = res.json() as { status?: string; message?: string };
        if (res.statusCode !== 400 || json.status !== "Error" || !json.message?.startsWith("ข้อมูลที่ส่งมาซ้อนกันลึกเกินไป")) {
          failures.push(`${name}: ${res.statusCode} ${JSON.stringify(json)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

/** Values beyond what the field's column can hold: PostgreSQL's integer range, and as text where the field takes text. */
function outOfRange(schema: Parameters<typeof fieldsOf>[0]): unknown[] {
  const values: unknown[] = [INT_MAX + 1, -INT_MAX - 2, 1e300];
  if (schema.safeParse("1").success) values.push(String(INT_MAX + 1));
  return values;
}
