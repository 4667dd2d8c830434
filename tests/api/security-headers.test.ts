import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersOf, siteHelmet } from "../../src/server/http/security-headers";
import { createTestApp, type TestApp } from "../support/app";
import { createPlayer } from "../support/players";

/** What helmet itself sets on a real Node response, as the app did on every request before. */
function helmetOnARealResponse(): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let finished = false;
  siteHelmet()(response.req, response, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  expect(finished).toBe(true);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([k, v]) => [k, String(v)]));
}

// A built web app of its own (a page and an asset), so the pages and static files are served whatever dist/web holds.
const webDir = mkdtempSync(join(tmpdir(), "lotto-web-"));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><html><head><title>หวย</title></head><body></body></html>");
  writeFileSync(join(webDir, "assets", "app.js"), "console.log(1);");
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("security headers worked out once", () => {
  it("are the very headers helmet sets on a response", () => {
    const expected = helmetOnARealResponse();
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(headersOf(siteHelmet())).toEqual(expected);
  });

  it("refuse a middleware whose headers could depend on the request, or that does not finish at once", () => {
    expect(() => headersOf((req, res, next) => (res.setHeader("x-path", String(req.url)), next()))).toThrow(/request\.url/);
    expect(() => headersOf((_req, res, next) => (res.setHeader("x-sent", String(res.headersSent)), next()))).toThrow(
      /response\.headersSent/,
    );
    expect(() => headersOf((_req, res, next) => void setTimeout(() => (res.setHeader("x-late", "1"), next()), 0))).toThrow(
      /did not finish/,
    );
    expect(() => headersOf((_req, _res, next) => next(new Error("broken")))).toThrow(/broken/);
    expect(() => headersOf((_req, res, next) => (res.setHeader("x-nonce", randomBytes(8).toString("hex")), next()))).toThrow(/two runs/);
  });

  it("are on every kind of answer: a read, a refusal, a missing token, an unknown call, a player's call, the docs page and its redirect, a page, a static file, a missing one, a body too large", async () => {
    const expected = helmetOnARealResponse();
    const player = await createPlayer(t);
    const answers = [
      await t.app.inject({ method: "GET", url: "/read-openSite-config" }),
      await t.app.inject({ method: "POST", url: "/login", payload: { username: "", password: "" } }),
      await t.app.inject({ method: "POST", url: "/api/get-credit", payload: {} }),
      await t.app.inject({ method: "POST", url: "/api/no-such-call", payload: {} }),
      await t.app.inject({
        method: "POST",
        url: "/api/get-credit",
        payload: { uuid: player.uuid },
        headers: { authorization: `Bearer ${player.token}` },
      }),
      await t.app.inject({ method: "GET", url: "/api/docs" }),
      await t.app.inject({ method: "GET", url: "/api/docs/static/index.html" }),
      await t.app.inject({ method: "GET", url: "/" }),
      await t.app.inject({ method: "GET", url: "/assets/app.js" }),
      await t.app.inject({ method: "GET", url: "/assets/missing.js" }),
      await t.app.inject({
        method: "POST",
        url: "/login",
        payload: "x".repeat(1024 * 1024 + 1),
        headers: { "content-type": "application/json" },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 401, 404, 200, 200, 302, 200, 200, 404, 413]);
    expect(answers[7]!.headers["content-type"]).toContain("text/html");
    expect(answers[8]!.headers["content-type"]).toContain("javascript");
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], `${answer.statusCode} ${name}`).toBe(value);
      expect(answer.headers["x-request-id"]).toBeTruthy();
    }
  });
});
