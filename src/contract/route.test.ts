import { describe, expect, it } from "vitest";
import { z } from "zod";
import { auth, lottery, site } from "./index";
import { route } from "./route";

describe("route()", () => {
  it("makes a schema on its first read, once, and not before", () => {
    const made = { body: 0, response: 0, params: 0 };
    const def = route({
      method: "POST",
      path: "/t/:id",
      access: "public",
      summary: "t",
      body: () => (made.body++, z.object({ a: z.string() })),
      response: () => (made.response++, z.object({ ok: z.boolean() })),
      params: () => (made.params++, z.object({ id: z.string() })),
    });
    expect(made).toEqual({ body: 0, response: 0, params: 0 });
    const body = def.body;
    expect(body.safeParse({ a: "x" }).success).toBe(true);
    expect(def.body).toBe(body);
    expect(made).toEqual({ body: 1, response: 0, params: 0 });
    expect(def.response.parse({ ok: true })).toEqual({ ok: true });
    expect(def.params?.parse({ id: "1" })).toEqual({ id: "1" });
    expect(def.response).toBe(def.response);
    expect(made).toEqual({ body: 1, response: 1, params: 1 });
  });

  it("reads as the plain definition: no body or params where the call has none", () => {
    expect(site.readOpenSiteConfig.body).toBeUndefined();
    expect(site.readOpenSiteConfig.params).toBeUndefined();
    expect(site.readOpenSiteConfig).toMatchObject({ method: "GET", path: "/read-openSite-config", access: "public" });
    expect(lottery.getActivityYeekee.params?.safeParse({ id: "yeekee" }).success).toBe(true);
    expect(lottery.getActivityYeekee.params?.safeParse({ id: "" }).success).toBe(false);
    expect(auth.login.body.safeParse({ username: "Bench1", password: "x" })).toMatchObject({ success: true, data: { username: "bench1" } });
    // Spread, a definition carries its schemas.
    expect({ ...auth.logout }.response).toBe(auth.logout.response);
  });
});
