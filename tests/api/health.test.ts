import { expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { connect } from "../../src/server/db/client";
import { recordingSms, testConfig, THAI } from "../support/app";
import { useTestApp } from "../support/fixture";

const app = useTestApp();

it("/healthz and /readyz answer 200 while the app and its database serve", async () => {
  for (const url of ["/healthz", "/readyz"]) {
    const res = await app.t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    expect(res.json()).toEqual({ status: "Success", message: "ok" });
  }
});

it("/readyz answers 503 with a Thai message while the database cannot be reached; /healthz still 200", async () => {
  // Nothing listens on this port: every query fails as it would while the database is away.
  const away = connect("postgres://nobody:nothing@127.0.0.1:9/none", { max: 1 });
  const lonely = await buildApp({ config: testConfig(), db: away, sms: recordingSms() });
  try {
    const ready = await lonely.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(THAI);
    expect((await lonely.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  } finally {
    await lonely.close();
    await away.$client.end();
  }
});
