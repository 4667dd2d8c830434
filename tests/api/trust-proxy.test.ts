import { randomInt } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { createTestApp, type TestApp } from "../support/app";
import { playerData } from "../support/players";

// Abuse limits (docs/decisions/022): TRUST_PROXY=true believed any X-Forwarded-For, so rotating it escaped every per-address limit
// (25 OTP SMS in a row). Only the proxies' addresses are accepted now (Fastify 5 ignores a hop count).
let t: TestApp;
beforeAll(async () => {
  // The test's requests come from 127.0.0.1: that is the proxy.
  t = await createTestApp({ trustProxy: "127.0.0.1", rateLimitAuthPerMinute: 5 });
});
afterAll(async () => {
  await t.close();
});

it("refuses TRUST_PROXY=true or a hop count and reads the proxies' addresses", () => {
  const base = { JWT_SECRET: "x".repeat(40), DATABASE_URL: "postgres://u/d" };
  expect(() => loadConfig({ ...base, TRUST_PROXY: "true" })).toThrow(/addresses/);
  expect(() => loadConfig({ ...base, TRUST_PROXY: "1" })).toThrow(/addresses/);
  expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.1,10.0.0.0/8" }).trustProxy).toBe("10.0.0.1,10.0.0.0/8");
  expect(loadConfig({ ...base }).trustProxy).toBe(false);
});

it("behind the proxy, a client rotating its own X-Forwarded-For entries still meets its per-address limit", async () => {
  // The proxy appends the address it saw; whatever the client put before it is not believed.
  const send = (xff: string) =>
    t.app.inject({
      method: "POST",
      url: "/check-phonenumber",
      payload: { phonenumber: playerData().phonenumber },
      headers: { "x-forwarded-for": xff },
    });
  const codes: number[] = [];
  for (let i = 0; i < 8; i++) codes.push((await send(`10.${randomInt(255)}.${randomInt(255)}.${randomInt(255)}, 203.0.113.5`)).statusCode);
  expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(codes.slice(5)).toEqual([429, 429, 429]);
  // Another client behind the same proxy has its own allowance.
  expect((await send("203.0.113.6")).statusCode).toBe(200);
});
