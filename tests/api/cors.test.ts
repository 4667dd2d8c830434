import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { useTestApp } from "../support/fixture";

// A client served from another host may call the API when its origin is configured (CORS_ORIGINS);
// by default, and for any other origin, no CORS header is sent, so another site's pages cannot read answers.

const ALLOWED = "https://client.example.com";
const OTHER = "https://evil.example.net";

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers)
    .filter((h) => h.startsWith("access-control-"))
    .sort();

describe("CORS_ORIGINS", () => {
  it("is parsed as a list of origins, empty by default, and refuses a path or a wildcard", () => {
    const base = { JWT_SECRET: "x".repeat(40), DATABASE_URL: "postgres://u@h/db" };
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, CORS_ORIGINS: ` ${ALLOWED}, http://localhost:5173 ` }).corsOrigins).toEqual([
      ALLOWED,
      "http://localhost:5173",
    ]);
    for (const bad of ["*", "https://a.example.com/app", "client.example.com"]) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe("off by default", () => {
  const app = useTestApp();

  it("answers neither a preflight nor a call with CORS headers", async () => {
    const preflight = await app.t.app.inject({
      method: "OPTIONS",
      url: "/api/get-credit",
      headers: { origin: ALLOWED, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    expect(corsHeaders(preflight.headers)).toEqual([]);
    const res = await app.t.app.inject({ method: "POST", url: "/get-timenow", headers: { origin: ALLOWED }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});

describe("on for the configured origins", () => {
  const app = useTestApp({ corsOrigins: [ALLOWED] });

  it("answers a listed origin's preflight and its call with that origin, methods and headers", async () => {
    const preflight = await app.t.app.inject({
      method: "OPTIONS",
      url: "/api/get-credit",
      headers: {
        origin: ALLOWED,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type,idempotency-key",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(String(preflight.headers["access-control-allow-methods"]).split(/,\s*/)).toEqual(["GET", "POST"]);
    expect(String(preflight.headers["access-control-allow-headers"]).split(/,\s*/)).toEqual([
      "authorization",
      "content-type",
      "idempotency-key",
    ]);
    expect(preflight.headers.vary).toContain("Origin");

    const res = await app.t.app.inject({
      method: "POST",
      url: "/api/get-credit",
      headers: { origin: ALLOWED, authorization: `Bearer ${app.admin}` },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED);
    // An error answer carries it too, so the other host's page can show the Thai message.
    const refused = await app.t.app.inject({ method: "POST", url: "/api/get-credit", headers: { origin: ALLOWED }, payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["access-control-allow-origin"]).toBe(ALLOWED);
  });

  it("gives an origin not listed no CORS header, on the preflight or the call", async () => {
    const preflight = await app.t.app.inject({
      method: "OPTIONS",
      url: "/api/get-credit",
      headers: { origin: OTHER, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
    });
    expect(preflight.statusCode).toBe(404);
    expect(corsHeaders(preflight.headers)).toEqual([]);
    const res = await app.t.app.inject({ method: "POST", url: "/get-timenow", headers: { origin: OTHER }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});
