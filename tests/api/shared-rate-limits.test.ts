import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { connect, type Db } from "../../src/server/db/client";
import { forgetOldRateLimits } from "../../src/server/http/rate-limit-store";
import { createTestApp, recordingSms, testConfig, type TestApp } from "../support/app";
import { playerData } from "../support/players";

// Abuse limits (docs/decisions/022): rate limits lived in each instance's memory, so two instances allowed twice the limit. They
// are counted in PostgreSQL now: two instances on one database share one limit per address and call.
let a: TestApp;
let bDb: Db;
let b: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  a = await createTestApp({ rateLimitAuthPerMinute: 5 });
  bDb = connect(a.db.$client.options.connectionString!);
  b = await buildApp({ config: testConfig({ rateLimitAuthPerMinute: 5 }), db: bDb, sms: recordingSms(), logger: false });
});
afterAll(async () => {
  await b.close();
  await bDb.$client.end();
  await a.close();
});

const otp = (app: typeof b) =>
  app.inject({ method: "POST", url: "/check-phonenumber", payload: { phonenumber: playerData().phonenumber } });

it("two instances share one limit per address and call; another call has its own", async () => {
  const codes: number[] = [];
  for (const app of [a.app, b, a.app, b, a.app, b, a.app]) codes.push((await otp(app)).statusCode);
  expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  const refused = await otp(b);
  expect(refused.json().message).toMatch(/[\u0E00-\u0E7F]/);
  // Sign-in is counted apart from OTP requests.
  expect((await b.inject({ method: "POST", url: "/login", payload: { username: "nobody1", password: "wrong-pass-1" } })).statusCode).toBe(
    401,
  );
  // Old windows are forgotten by the ticker; the current one stays.
  await a.owner.$client.query(`update rate_limits set window_start = window_start - interval '2 hours' where key like '%/login %'`);
  expect(await forgetOldRateLimits(a.db.$client)).toBe(1);
  expect((await otp(a.app)).statusCode).toBe(429);
});
