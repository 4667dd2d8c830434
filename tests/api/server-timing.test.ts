import { expect, it } from "vitest";
import { createTestApp } from "../support/app";

it("says how long the server took (Server-Timing) only when SERVER_TIMING is on", async () => {
  const on = await createTestApp({ serverTiming: true });
  const off = await createTestApp();
  try {
    const timed = await on.app.inject({ method: "GET", url: "/read-openSite-config" });
    expect(timed.statusCode).toBe(200);
    expect(String(timed.headers["server-timing"])).toMatch(/^app;dur=\d+(\.\d)?$/);
    const plain = await off.app.inject({ method: "GET", url: "/read-openSite-config" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["server-timing"]).toBeUndefined();
  } finally {
    await Promise.all([on.close(), off.close()]);
  }
});
