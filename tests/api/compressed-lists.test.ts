import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerEncoding } from "../../src/server/http/compress-answer";
import { createTestApp, type TestApp } from "../support/app";
import { createPlayer } from "../support/players";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createPlayer(t)).token;
});
afterAll(async () => {
  await t.close();
});

const call = (method: "GET" | "POST", url: string, acceptEncoding?: string, body?: object) =>
  t.app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
  });

describe("the large list answers go compressed to a browser that accepts it", () => {
  for (const [method, url, body] of [
    ["POST", "/api/lottolist", {}],
    ["GET", "/api/get-activity-yeekee/yeekee5", undefined],
  ] as const) {
    it(`${method} ${url}: brotli, else gzip, the same JSON as sent plain; plain to a client that asks for neither`, async () => {
      const plain = await call(method, url, undefined, body);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toContain("accept-encoding");
      expect(plain.rawPayload.length).toBeGreaterThan(4096);
      // The same answer but for the server's clock (`timenow`), which a round list carries.
      const same = (v: unknown) => ({ ...(v as Record<string, unknown>), timenow: undefined });
      const json = same(plain.json());

      const br = await call(method, url, "gzip, deflate, br", body);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(same(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8")))).toEqual(json);

      const gz = await call(method, url, "gzip;q=1.0, br;q=0", body);
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(same(JSON.parse(gunzipSync(gz.rawPayload).toString("utf8")))).toEqual(json);

      const none = await call(method, url, "identity", body);
      expect(none.headers["content-encoding"]).toBeUndefined();
      expect(same(none.json())).toEqual(json);
    });
  }

  it("a refusal and a small answer go as they are; another call (a bet's, the credit) is never compressed", async () => {
    const refused = await t.app.inject({ method: "POST", url: "/api/lottolist", payload: {}, headers: { "accept-encoding": "br" } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["content-encoding"]).toBeUndefined();
    const credit = await call("POST", "/api/get-credit", "br, gzip", {});
    expect(credit.statusCode).toBe(200);
    expect(credit.headers["content-encoding"]).toBeUndefined();
  });

  it("reads Accept-Encoding as a browser writes it", () => {
    expect(answerEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(answerEncoding("gzip")).toBe("gzip");
    expect(answerEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(answerEncoding("BR")).toBe("br");
    expect(answerEncoding("identity")).toBeNull();
    expect(answerEncoding(undefined)).toBeNull();
    expect(answerEncoding("gzip;q=0")).toBeNull();
  });
});
