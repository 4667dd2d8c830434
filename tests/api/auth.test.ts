import { SignJWT } from "jose";
import * as contract from "../../src/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTP_SITE_PER_MINUTE } from "../../src/server/auth/service";
import { createTestApp, TEST_ADMIN, type TestApp, testConfig, THAI } from "../support/app";
import { createPlayer, playerData, post, verifyPhone } from "../support/players";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function count(table: string): Promise<number> {
  const res = await t.db.$client.query(`select count(*)::int as n from ${table}`);
  return res.rows[0].n as number;
}

describe("registration, OTP and sign-in", () => {
  it("register → OTP → login → credit 0", async () => {
    const data = playerData();
    const sent = await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toMatchObject({ status: "Success", noneduplicatestatus: true, sendotpstatus: true });

    const otp = t.sms.lastCode(data.phonenumber);
    const checked = await post(t.app, "/check-otp", { phonenumber: data.phonenumber, otp });
    expect(checked.body).toMatchObject({ status: "Success", otpstatus: true });

    const free = await post(t.app, "/check-username-bankno", { username: data.username, bankno: data.bankno });
    expect(free.body.status).toBe("Success");

    const reg = await post(t.app, "/register", { ...data, usertype: "vip", otptoken: checked.body.otptoken });
    expect(reg.statusCode).toBe(200);
    expect(reg.body.status).toBe("Success");

    const login = await post(t.app, "/login", { username: data.username, password: data.password });
    expect(login.statusCode).toBe(200);
    expect(login.body).toMatchObject({ status: "Success", username: data.username, uuid: reg.body.uuid, role: "player" });
    // usertype from the client is ignored: new players get the default tier.
    expect(login.body.userType).toBe("member");
    expect(typeof login.body.jwt).toBe("string");
    expect(login.body.s).toBeGreaterThan(0);

    const credit = await post(t.app, "/api/get-credit", { uuid: login.body.uuid }, login.body.jwt as string);
    expect(credit.statusCode).toBe(200);
    expect(credit.body).toEqual({ status: "Success", credit: 0 });

    const name = await post(t.app, "/get-username", { uuid: login.body.uuid }, login.body.jwt as string);
    expect(name.body).toMatchObject({ status: "Success", username: data.username, userType: "member" });

    const bank = await post(t.app, "/api/get-bankinfo", { username: data.username }, login.body.jwt as string);
    expect(bank.body).toEqual({ status: "Success", bankname: "kbank", bankno: data.bankno, bankaccounts: "สมชาย ใจดี" });

    const hash = await t.db.$client.query("select password_hash from users where username = $1", [data.username]);
    expect(hash.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it("keeps the referrer from a referral link and shows who referred", async () => {
    const referrer = await createPlayer(t);
    const info = await post(t.app, "/get-userInfoByID", { id: referrer.uuid });
    expect(info.body).toEqual({ status: "Success", username: referrer.username });

    const child = await createPlayer(t, { uuidmother: referrer.uuid });
    const row = await t.db.$client.query("select referrer_id from users where id = $1", [child.uuid]);
    expect(row.rows[0].referrer_id).toBe(referrer.uuid);
  });

  it("refuses registration without a verified phone and writes nothing", async () => {
    const before = await count("users");
    const res = await post(t.app, "/register", playerData());
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe("Error");
    expect(res.body.message).toMatch(THAI);
    expect(await count("users")).toBe(before);
  });

  it("refuses a wrong OTP, then locks the code after five attempts", async () => {
    const data = playerData();
    await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber });
    const real = t.sms.lastCode(data.phonenumber);
    const wrong = real === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, "/check-otp", { phonenumber: data.phonenumber, otp: wrong });
      expect(res.body).toMatchObject({ status: "Failure", otpstatus: false });
      expect(res.body.message).toMatch(THAI);
    }
    const late = await post(t.app, "/check-otp", { phonenumber: data.phonenumber, otp: real });
    expect(late.body.otpstatus).toBe(false);
  });

  it("does not send a second OTP within a minute", async () => {
    const data = playerData();
    expect((await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber })).statusCode).toBe(200);
    const again = await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber });
    expect(again.statusCode).toBe(429);
    expect(again.body.message).toMatch(THAI);
  });

  it("refuses duplicate username, phone and bank account with a Thai message", async () => {
    const existing = await createPlayer(t);
    const before = await count("users");

    const phone = await post(t.app, "/check-phonenumber", { phonenumber: existing.phonenumber });
    expect(phone.body).toMatchObject({ status: "Failure", noneduplicatestatus: false, sendotpstatus: false });

    const nameCheck = await post(t.app, "/check-username-bankno", { username: existing.username, bankno: "9999999999" });
    expect(nameCheck.body.status).toBe("Failure");
    const bankCheck = await post(t.app, "/check-username-bankno", { username: "someoneelse", bankno: existing.bankno });
    expect(bankCheck.body.status).toBe("Failure");

    for (const dup of [{ username: existing.username.toUpperCase() }, { bankno: existing.bankno, bankname: existing.bankname }]) {
      const data = playerData(dup);
      await verifyPhone(t, data.phonenumber);
      const res = await post(t.app, "/register", data);
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toMatch(THAI);
    }
    const dupPhone = playerData({ phonenumber: existing.phonenumber });
    const res = await post(t.app, "/register", dupPhone);
    expect(res.statusCode).toBe(409);
    expect(await count("users")).toBe(before);
  });

  it("two registrations racing for one username create one player", async () => {
    const a = playerData();
    const b = playerData({ username: a.username });
    const proofA = await verifyPhone(t, a.phonenumber);
    const proofB = await verifyPhone(t, b.phonenumber);
    const results = await Promise.all([
      post(t.app, "/register", { ...a, otptoken: proofA }),
      post(t.app, "/register", { ...b, otptoken: proofB }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.$client.query("select count(*)::int as n from users where username = $1", [a.username]);
    expect(rows.rows[0].n).toBe(1);
  });

  it.each([
    ["short username", { username: "ab" }],
    ["username with symbols", { username: "bad name!" }],
    ["short password", { password: "123" }],
    ["landline phone", { phonenumber: "021234567" }],
    ["letters in bank number", { bankno: "abc" }],
    ["unknown bank", { bankname: "citibank" }],
    ["digits as holder name", { bankaccounts: "12345" }],
    ["malformed referrer", { uuidmother: "not-a-uuid" }],
    ["missing field", { password: undefined }],
  ])("400 with a Thai message and nothing written: %s", async (_label, override) => {
    const data = playerData();
    await verifyPhone(t, data.phonenumber);
    const before = await count("users");
    const res = await post(t.app, "/register", { ...data, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe("Error");
    expect(res.body.message).toMatch(THAI);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|select|insert/i);
    expect(await count("users")).toBe(before);
  });

  it("refuses an unknown referrer", async () => {
    const data = playerData({ uuidmother: "00000000-0000-4000-8000-000000000000" });
    await verifyPhone(t, data.phonenumber);
    const res = await post(t.app, "/register", data);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toMatch(THAI);
  });

  it("400 for bad input on the other public calls", async () => {
    for (const [url, body] of [
      ["/login", { username: "x" }],
      ["/check-phonenumber", { phonenumber: "12" }],
      ["/check-otp", { phonenumber: "0812345678", otp: "12ab" }],
      ["/check-username-bankno", { username: "", bankno: "1" }],
      ["/get-userInfoByID", { id: "nope" }],
    ] as const) {
      const res = await post(t.app, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.message, url).toMatch(THAI);
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: "/login",
      payload: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(THAI);
  });

  it("a wrong password gets 401 with a Thai message", async () => {
    const p = await createPlayer(t);
    const res = await post(t.app, "/login", { username: p.username, password: "wrong-password" });
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toMatch(THAI);
    const unknown = await post(t.app, "/login", { username: "nobodyhere", password: "whatever1" });
    expect(unknown.statusCode).toBe(401);
  });
});

describe("tokens and ownership", () => {
  it("401 without a token, with a tampered token and with alg none", async () => {
    const p = await createPlayer(t);
    expect((await post(t.app, "/api/get-credit", {})).statusCode).toBe(401);

    const [h, payload, sig] = p.token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const raised = Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url");
    expect((await post(t.app, "/api/get-credit", {}, `${h}.${raised}.${sig}`)).statusCode).toBe(401);

    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expect((await post(t.app, "/api/get-credit", {}, `${none}.${payload}.`)).statusCode).toBe(401);

    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("x".repeat(48)));
    expect((await post(t.app, "/api/get-credit", {}, otherKey)).statusCode).toBe(401);
  });

  it("401 for an expired token", async () => {
    const p = await createPlayer(t);
    const claims = JSON.parse(Buffer.from(p.token.split(".")[1]!, "base64url").toString());
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(testConfig().jwtSecret));
    const res = await post(t.app, "/api/get-credit", {}, expired);
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toMatch(THAI);
  });

  it("player A with player B's uuid gets 403 and changes nothing", async () => {
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    expect((await post(t.app, "/get-username", { uuid: b.uuid }, a.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/get-credit", { uuid: b.uuid }, a.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/get-bankinfo", { username: b.username }, a.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/check-oldPassword", { user: b.username, pass: b.password }, a.token)).statusCode).toBe(403);

    const hashBefore = await t.db.$client.query("select password_hash from users where id = $1", [b.uuid]);
    const res = await post(t.app, "/api/update-password", { uuid: b.uuid, pass: "taken-over-1" }, a.token);
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toMatch(THAI);
    const hashAfter = await t.db.$client.query("select password_hash from users where id = $1", [b.uuid]);
    expect(hashAfter.rows[0]).toEqual(hashBefore.rows[0]);
    expect((await post(t.app, "/login", { username: b.username, password: b.password })).statusCode).toBe(200);
  });

  it("a token revoked by logout gets 401", async () => {
    const p = await createPlayer(t);
    expect((await post(t.app, "/api/get-credit", {}, p.token)).statusCode).toBe(200);
    expect((await post(t.app, "/api/logout", {}, p.token)).statusCode).toBe(200);
    const after = await post(t.app, "/api/get-credit", {}, p.token);
    expect(after.statusCode).toBe(401);
    expect((await post(t.app, "/api/href", {}, p.token)).statusCode).toBe(401);
  });

  it("/api/href renews a valid token; the new token works and expires later", async () => {
    const p = await createPlayer(t);
    const oldExp = JSON.parse(Buffer.from(p.token.split(".")[1]!, "base64url").toString()).exp as number;
    await new Promise((r) => setTimeout(r, 1100));
    const res = await post(t.app, "/api/href", {}, p.token);
    expect(res.statusCode).toBe(200);
    const renewed = res.body.jwt as string;
    const newExp = JSON.parse(Buffer.from(renewed.split(".")[1]!, "base64url").toString()).exp as number;
    expect(newExp).toBeGreaterThan(oldExp);
    expect((await post(t.app, "/api/get-credit", {}, renewed)).statusCode).toBe(200);
  });

  it("changing the password needs the old one first and revokes the other sessions", async () => {
    const p = await createPlayer(t);
    const otherDevice = (await post(t.app, "/login", { username: p.username, password: p.password })).body.jwt as string;

    const early = await post(t.app, "/api/update-password", { uuid: p.uuid, pass: "new-password-1" }, p.token);
    expect(early.statusCode).toBe(403);

    const wrongOld = await post(t.app, "/api/check-oldPassword", { user: p.username, pass: "not-it-at-all" }, p.token);
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.body.status).toBe("Failure");
    expect((await post(t.app, "/api/update-password", { uuid: p.uuid, pass: "new-password-1" }, p.token)).statusCode).toBe(403);

    const ok = await post(t.app, "/api/check-oldPassword", { user: p.username, pass: p.password }, p.token);
    expect(ok.body.status).toBe("Success");
    const weak = await post(t.app, "/api/update-password", { uuid: p.uuid, pass: "short" }, p.token);
    expect(weak.statusCode).toBe(400);
    const changed = await post(t.app, "/api/update-password", { uuid: p.uuid, pass: "new-password-1" }, p.token);
    expect(changed.statusCode).toBe(200);

    // The mark is used up: a second change needs the old password again.
    expect((await post(t.app, "/api/update-password", { uuid: p.uuid, pass: "new-password-2" }, p.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/get-credit", {}, otherDevice)).statusCode).toBe(401);
    expect((await post(t.app, "/api/get-credit", {}, p.token)).statusCode).toBe(200);
    expect((await post(t.app, "/login", { username: p.username, password: p.password })).statusCode).toBe(401);
    expect((await post(t.app, "/login", { username: p.username, password: "new-password-1" })).statusCode).toBe(200);
    const audit = await t.db.$client.query("select count(*)::int as n from audit_log where action = 'password.change' and actor_id = $1", [
      p.uuid,
    ]);
    expect(audit.rows[0].n).toBe(1);
  });

  it("the first admin signs in with the admin role", async () => {
    const res = await post(t.app, "/login", TEST_ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.body.role).toBe("admin");
  });
});

describe("site calls", () => {
  it("/get-timenow gives the server's time", async () => {
    const res = await post(t.app, "/get-timenow");
    expect(res.statusCode).toBe(200);
    expect(Math.abs((res.body.timestamp as number) - Date.now())).toBeLessThan(5000);
    expect(new Date(res.body.timenow as string).getTime()).toBe(res.body.timestamp);
  });

  it("GET /read-openSite-config", async () => {
    const res = await t.app.inject({ method: "GET", url: "/read-openSite-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "Success", siteconfig: { openSite: true } });
  });

  it("serves the OpenAPI document generated from the schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/register", "/login", "/api/get-credit", "/api/href"]));
    expect(doc.paths["/register"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("bankno");
    // The back office's calls are not published to anyone who asks.
    const adminPaths = Object.values(contract)
      .flatMap((area) => Object.values(area as Record<string, unknown>))
      .filter((d): d is { path: string; access: string } => typeof d === "object" && d !== null && "access" in d && "path" in d)
      .filter((d) => d.access === "admin")
      .map((d) => d.path);
    expect(adminPaths.length).toBeGreaterThan(10);
    expect(Object.keys(doc.paths).filter((p) => adminPaths.includes(p))).toEqual([]);
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(page.statusCode);
  });

  it("sends a strict Content-Security-Policy and security headers, the docs page included", async () => {
    for (const url of ["/read-openSite-config", "/api/docs/static/index.html"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toMatch(/connect-src 'self'(;|$)/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toMatch(/script-src 'self';/);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["strict-transport-security"], url).toBeDefined();
    }
  });
});

describe("review hardening", () => {
  it("a verified phone can only be used by whoever verified it", async () => {
    const data = playerData();
    await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber });
    const code = t.sms.lastCode(data.phonenumber);
    const ok = await post(t.app, "/check-otp", { phonenumber: data.phonenumber, otp: code });
    expect(ok.body.otpstatus).toBe(true);
    expect(typeof ok.body.otptoken).toBe("string");

    // Checking again never says "verified" without the right code.
    const wrong = await post(t.app, "/check-otp", { phonenumber: data.phonenumber, otp: code === "000000" ? "111111" : "000000" });
    expect(wrong.body.otpstatus).toBe(false);
    // Asking for a new code does not wipe the fresh verification.
    expect((await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber })).statusCode).toBe(429);

    // Someone else, from another address and without the token, cannot register with this phone.
    const attacker = await t.app.inject({
      method: "POST",
      url: "/register",
      payload: { ...data, username: "takeover1" },
      remoteAddress: "10.9.9.9",
    });
    expect(attacker.statusCode).toBe(400);
    const wrongToken = await t.app.inject({
      method: "POST",
      url: "/register",
      payload: { ...data, username: "takeover2", otptoken: "guess" },
      remoteAddress: "10.9.9.9",
    });
    expect(wrongToken.statusCode).toBe(400);
    // The verifier, with the token, from anywhere.
    const owner = await t.app.inject({
      method: "POST",
      url: "/register",
      payload: { ...data, otptoken: ok.body.otptoken },
      remoteAddress: "10.1.1.1",
    });
    expect(owner.statusCode).toBe(200);
  });

  it("one bank account number is one player, whatever the bank, in the check and in registration", async () => {
    const existing = await createPlayer(t, { bankname: "kbank" });
    const check = await post(t.app, "/check-username-bankno", { username: "freshname1", bankno: existing.bankno });
    expect(check.body.status).toBe("Failure");
    const data = playerData({ bankno: existing.bankno, bankname: "scb" });
    await verifyPhone(t, data.phonenumber);
    expect((await post(t.app, "/register", data)).statusCode).toBe(409);
  });

  it("refuses an admin as referrer, a holder name without letters and an all-space password", async () => {
    const adminUuid = (await post(t.app, "/login", TEST_ADMIN)).body.uuid as string;
    for (const override of [{ uuidmother: adminUuid }, { bankaccounts: " .. " }, { password: "          " }]) {
      const data = playerData(override);
      await verifyPhone(t, data.phonenumber);
      const res = await post(t.app, "/register", data);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
  });

  it("5 wrong passwords lock the account from that address only, longer after each further one; the owner elsewhere signs in", async () => {
    const p = await createPlayer(t);
    const login = (password: string, remoteAddress = "198.51.100.7") =>
      t.app.inject({ method: "POST", url: "/login", payload: { username: p.username, password }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await login("wrong-pass-x")).statusCode).toBe(401);
    // From the guessing address even the right password waits; the owner's own address is not locked.
    const locked = await login(p.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/ลองใหม่ในอีก 1 นาที/);
    expect((await login(p.password, "203.0.113.20")).statusCode).toBe(200);
    const until = async () =>
      (
        await t.db.$client.query(
          `select extract(epoch from locked_until - now())::int as s from login_failures where user_id = $1 and address = '198.51.100.7'`,
          [p.uuid],
        )
      ).rows[0].s as number;
    // When the wait is over, one more wrong password doubles it (1, 2, 4 … minutes).
    await t.db.$client.query(`update login_failures set locked_until = now() - interval '1 second' where user_id = $1`, [p.uuid]);
    expect((await login("wrong-pass-x")).statusCode).toBe(401);
    expect(await until()).toBeGreaterThan(100);
    await t.db.$client.query(`update login_failures set locked_until = now() - interval '1 second' where user_id = $1`, [p.uuid]);
    expect((await login("wrong-pass-x")).statusCode).toBe(401);
    expect(await until()).toBeGreaterThan(220);
    // A right password after the wait clears the address's count.
    await t.db.$client.query(`update login_failures set locked_until = now() - interval '1 second' where user_id = $1`, [p.uuid]);
    expect((await login(p.password)).statusCode).toBe(200);
    expect((await t.db.$client.query(`select count(*)::int as n from login_failures where user_id = $1`, [p.uuid])).rows[0].n).toBe(0);
  });

  it("an OTP goes to one phone at most 5 times an hour, and the site sends at most its ceiling a minute", async () => {
    const phone = playerData().phonenumber;
    for (let i = 0; i < 5; i++) {
      expect((await post(t.app, "/check-phonenumber", { phonenumber: phone })).body.sendotpstatus).toBe(true);
      // The 60-second resend gate is passed by moving the last send back.
      await t.db.$client.query(`update phone_verifications set sent_at = sent_at - interval '61 seconds' where phone = $1`, [phone]);
    }
    const sixth = await post(t.app, "/check-phonenumber", { phonenumber: phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body.message).toMatch(/5 ครั้งใน 1 ชั่วโมง/);
    // The whole site: with the minute's ceiling reached, another phone waits too (503).
    await t.db.$client.query(
      `insert into otp_sends (phone, address) select '0890000000', '192.0.2.' || g from generate_series(1, $1::int) g`,
      [OTP_SITE_PER_MINUTE],
    );
    const flood = await post(t.app, "/check-phonenumber", { phonenumber: playerData().phonenumber });
    expect(flood.statusCode).toBe(503);
    expect(flood.body.message).toMatch(THAI);
    await t.db.$client.query(`update otp_sends set sent_at = now() - interval '2 minutes' where phone = '0890000000'`);
    expect((await post(t.app, "/check-phonenumber", { phonenumber: playerData().phonenumber })).body.sendotpstatus).toBe(true);
  });

  it("authenticated calls: no token is 401 before any validation; a bad body is 400", async () => {
    const p = await createPlayer(t);
    expect((await post(t.app, "/get-username", { uuid: "x" })).statusCode).toBe(401);
    const bad = await post(t.app, "/get-username", { uuid: "x" }, p.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toMatch(THAI);
    expect((await post(t.app, "/api/get-credit", { uuid: 5 }, p.token)).statusCode).toBe(400);
  });

  it("renewal never takes a session past 31 days from sign-in", async () => {
    const p = await createPlayer(t);
    const claims = JSON.parse(Buffer.from(p.token.split(".")[1]!, "base64url").toString());
    await t.db.$client.query("update sessions set created_at = now() - interval '31 days' where id = $1", [claims.jti]);
    expect((await post(t.app, "/api/href", {}, p.token)).statusCode).toBe(401);
  });

  it("a renewal that reaches a session ended after its check says revoked, not expired", async () => {
    const p = await createPlayer(t);
    const claims = JSON.parse(Buffer.from(p.token.split(".")[1]!, "base64url").toString());
    // Another session holds the row, so the renewal passes its check and then waits to extend it.
    const holder = await t.owner.$client.connect();
    try {
      await holder.query("begin");
      await holder.query("select 1 from sessions where id = $1 for update", [claims.jti]);
      const renewal = t.app.inject({ method: "POST", url: "/api/href", headers: { authorization: `Bearer ${p.token}` }, payload: {} });
      const waiting = async () =>
        (
          await t.owner.$client.query(
            `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'update "sessions"%'`,
          )
        ).rowCount;
      await expect.poll(waiting, { timeout: 20_000, interval: 10 }).toBe(1);
      // The session ends elsewhere (a logout on another device) while the renewal waits.
      await holder.query("update sessions set revoked_at = now() where id = $1", [claims.jti]);
      await holder.query("commit");
      const res = await renewal;
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toContain('error_description="revoked"');
    } finally {
      holder.release();
    }
  }, 30_000);
});

describe("rate limits", () => {
  it("sign-in is limited per client: 429 with a Thai message", async () => {
    const limited = await createTestApp({ rateLimitAuthPerMinute: 5 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        codes.push((await post(limited.app, "/login", { username: "someone", password: "wrong-password" })).statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429]);
      const res = await post(limited.app, "/login", { username: "someone", password: "wrong-password" });
      expect(res.body.message).toMatch(THAI);
      // OTP, phone check and registration have their own limits.
      for (const [url, body] of [
        ["/check-otp", () => ({ phonenumber: "0812345678", otp: "123456" })],
        ["/check-phonenumber", () => ({ phonenumber: playerData().phonenumber })],
        ["/register", () => playerData()],
      ] as const) {
        const codes = [];
        for (let i = 0; i < 6; i++) codes.push((await post(limited.app, url, body())).statusCode);
        expect(codes.slice(5), url).toEqual([429]);
        expect(codes.slice(0, 5), url).not.toContain(429);
      }
    } finally {
      await limited.close();
    }
  });
});
