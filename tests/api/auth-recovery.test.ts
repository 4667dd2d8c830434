import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTP_SITE_PER_MINUTE } from "../../src/server/auth/service";
import { createTestApp, type TestApp, testConfig, THAI } from "../support/app";
import { createPlayer, playerData, post, verifyPhone } from "../support/players";

/** Sign-in by phone, forgot password by OTP, the session-end reason, and the OTP retry after a failed registration (docs/decisions/029). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inject = (url: string, payload: object, remoteAddress = "127.0.0.1", token?: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function scalar(sqlText: string, params: unknown[] = []): Promise<unknown> {
  const res = await t.owner.$client.query(sqlText, params);
  return Object.values(res.rows[0] as object)[0];
}

/** Lets the next code go to this phone: its earlier sends are moved back past the one-a-minute gate. */
async function passResendGate(phone: string) {
  await t.owner.$client.query(`update otp_sends set sent_at = sent_at - interval '61 seconds' where phone = $1`, [phone]);
  await t.owner.$client.query(`update phone_verifications set sent_at = sent_at - interval '61 seconds' where phone = $1`, [phone]);
}

function noSmsTo(phone: string) {
  expect(() => t.sms.lastCode(phone)).toThrow();
}

describe("sign-in by username or phone number", () => {
  it("the registered mobile number signs in like the username, with or without dashes", async () => {
    const p = await createPlayer(t);
    for (const name of [
      p.phonenumber,
      `${p.phonenumber.slice(0, 3)}-${p.phonenumber.slice(3, 6)}-${p.phonenumber.slice(6)}`,
      ` ${p.phonenumber} `,
    ]) {
      const res = await post(t.app, "/login", { username: name, password: p.password });
      expect(res.statusCode, name).toBe(200);
      expect(res.body).toMatchObject({ status: "Success", uuid: p.uuid, username: p.username });
    }
    const wrong = await post(t.app, "/login", { username: p.phonenumber, password: "not-the-password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body.message).toBe("ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง");
    const unknown = await post(t.app, "/login", { username: playerData().phonenumber, password: p.password });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body.message).toBe("ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง");
  });

  it("wrong passwords by phone and by username count in one lockout of the account and address", async () => {
    const p = await createPlayer(t);
    const address = "198.51.100.41";
    for (let i = 0; i < 3; i++)
      expect((await inject("/login", { username: p.phonenumber, password: "wrong-pass-x" }, address)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await inject("/login", { username: p.username, password: "wrong-pass-x" }, address)).statusCode).toBe(401);
    const locked = await inject("/login", { username: p.phonenumber, password: p.password }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/ลองใหม่ในอีก 1 นาที/);
    expect((await inject("/login", { username: p.username, password: p.password }, address)).statusCode).toBe(429);
    expect((await inject("/login", { username: p.phonenumber, password: p.password }, "203.0.113.41")).statusCode).toBe(200);
  });

  it("a username made of the same digits as another player's phone keeps its meaning", async () => {
    const owner = await createPlayer(t);
    const digits = await createPlayer(t, { username: owner.phonenumber, password: "digits-pass-1" });
    const asName = await post(t.app, "/login", { username: owner.phonenumber, password: "digits-pass-1" });
    expect(asName.body.uuid).toBe(digits.uuid);
    // The phone's owner signs in by username.
    expect((await post(t.app, "/login", { username: owner.username, password: owner.password })).body.uuid).toBe(owner.uuid);
  });

  it("400 with a Thai message for a sign-in name that is neither", async () => {
    for (const username of ["ab", "02-123-4567x", "สมชาย", ""]) {
      const res = await post(t.app, "/login", { username, password: "whatever-1" });
      expect(res.statusCode, username).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
  });
});

describe("forgot password through an OTP to the registered phone", () => {
  it("code by SMS, a wrong code refused, the right one sets the password and ends every session", async () => {
    const p = await createPlayer(t);
    const second = (await post(t.app, "/login", { username: p.username, password: p.password })).body.jwt as string;
    // One SMS a minute per phone, whatever it is for: the registration's code was just sent.
    const early = await post(t.app, "/forgot-password", { phonenumber: p.phonenumber });
    expect(early.statusCode).toBe(429);
    expect(early.body.message).toMatch(/ขอรหัสใหม่ได้ในอีก \d+ วินาที/);
    await passResendGate(p.phonenumber);

    const asked = await post(t.app, "/forgot-password", { phonenumber: p.phonenumber });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toEqual({ status: "Success", message: expect.stringMatching(THAI) });
    const code = await t.sms.codeFor(p.phonenumber);

    const wrong = await post(t.app, "/reset-password", {
      phonenumber: p.phonenumber,
      otp: code === "000000" ? "111111" : "000000",
      pass: "new-secret-22",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.status).toBe("Failure");
    expect(wrong.body.message).toMatch(THAI);
    // Still the old password, still signed in.
    expect((await post(t.app, "/api/get-credit", {}, p.token)).statusCode).toBe(200);

    const done = await post(t.app, "/reset-password", { phonenumber: p.phonenumber, otp: code, pass: "new-secret-22" });
    expect(done.statusCode).toBe(200);
    expect(done.body.status).toBe("Success");
    expect(done.body.message).toMatch(THAI);

    for (const token of [p.token, second]) {
      const res = await post(t.app, "/api/get-credit", {}, token);
      expect(res.statusCode).toBe(401);
    }
    expect((await post(t.app, "/login", { username: p.username, password: p.password })).statusCode).toBe(401);
    expect((await post(t.app, "/login", { username: p.phonenumber, password: "new-secret-22" })).statusCode).toBe(200);
    // The code is used up.
    expect((await post(t.app, "/reset-password", { phonenumber: p.phonenumber, otp: code, pass: "third-secret-3" })).statusCode).toBe(400);
    expect(await scalar("select count(*)::int from audit_log where actor_id = $1 and action = 'password.reset'", [p.uuid])).toBe(1);
  });

  it("an unregistered phone gets the same answer and no SMS; any code for it is refused alike", async () => {
    const registered = await createPlayer(t);
    const stranger = playerData().phonenumber;
    await passResendGate(registered.phonenumber);
    const a = await post(t.app, "/forgot-password", { phonenumber: registered.phonenumber });
    const b = await post(t.app, "/forgot-password", { phonenumber: stranger });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toEqual(a.body);
    noSmsTo(stranger);
    // Counted like a sent code all the same (the limits answer alike too).
    expect(await scalar("select count(*)::int from otp_sends where phone = $1", [stranger])).toBe(1);
    const again = await post(t.app, "/forgot-password", { phonenumber: stranger });
    const againRegistered = await post(t.app, "/forgot-password", { phonenumber: registered.phonenumber });
    expect(again.statusCode).toBe(429);
    expect(againRegistered.statusCode).toBe(429);
    expect(again.body.message).toMatch(/ขอรหัสใหม่ได้ในอีก \d+ วินาที/);

    const codeForStranger = await post(t.app, "/reset-password", { phonenumber: stranger, otp: "123456", pass: "new-secret-22" });
    const wrongForRegistered = await post(t.app, "/reset-password", {
      phonenumber: registered.phonenumber,
      otp: t.sms.lastCode(registered.phonenumber) === "123456" ? "654321" : "123456",
      pass: "new-secret-22",
    });
    expect(codeForStranger.statusCode).toBe(400);
    expect(codeForStranger.body).toEqual(wrongForRegistered.body);
  });

  it("a registered and an unregistered number get the same answers, field by field, on the first and the second ask", async () => {
    const registered = await createPlayer(t);
    const stranger = playerData().phonenumber;
    await passResendGate(registered.phonenumber);
    /** Status, body and headers; the seconds of a wait apart (they tick between two asks), checked below. */
    const shape = (res: Awaited<ReturnType<typeof inject>>) => {
      const body = res.json() as { message?: string };
      const { date: _date, "x-request-id": _id, ...headers } = res.headers;
      return { status: res.statusCode, headers, body: { ...body, message: body.message?.replace(/\d+ วินาที/, "N วินาที") } };
    };
    const seconds = (res: Awaited<ReturnType<typeof inject>>) =>
      Number(/(\d+) วินาที/.exec((res.json() as { message: string }).message)?.[1]);
    // The time an answer takes follows the database round trips behind it: they are counted, the same for both.
    let trips = 0;
    const count = () => (trips += 1);
    const timed = async (phone: string, address: string) => {
      trips = 0;
      const res = await inject("/forgot-password", { phonenumber: phone }, address);
      return { res, trips };
    };
    t.db.$client.on("acquire", count);
    try {
      for (const ask of ["first", "second", "third"]) {
        const { res: a, trips: tripsA } = await timed(registered.phonenumber, "198.51.100.90");
        const { res: b, trips: tripsB } = await timed(stranger, "198.51.100.91");
        expect(shape(b), ask).toEqual(shape(a));
        expect(tripsB, ask).toBe(tripsA);
        expect(a.statusCode, ask).toBe(ask === "first" ? 200 : 429);
        if (ask !== "first") {
          expect(a.json().message, ask).toMatch(/^เพิ่งส่งรหัส OTP ไปที่เบอร์นี้ ขอรหัสใหม่ได้ในอีก \d+ วินาที$/);
          expect(Math.abs(seconds(a) - seconds(b)), ask).toBeLessThanOrEqual(1);
        }
      }
    } finally {
      t.db.$client.off("acquire", count);
    }
    // Both were counted alike, and only the registered phone got an SMS.
    expect(await scalar("select count(*)::int from otp_sends where phone = $1 and address like '198.51.100.9%'", [stranger])).toBe(1);
    expect(
      await scalar("select count(*)::int from otp_sends where phone = $1 and address like '198.51.100.9%'", [registered.phonenumber]),
    ).toBe(1);
    noSmsTo(stranger);
    await t.sms.codeFor(registered.phonenumber);
  });

  it("5 codes an hour per phone, the site's ceiling a minute, and 5 tries per code", async () => {
    const p = await createPlayer(t);
    // createPlayer's registration code counts too: 4 more this hour.
    for (let i = 0; i < 4; i++) {
      await passResendGate(p.phonenumber);
      expect((await post(t.app, "/forgot-password", { phonenumber: p.phonenumber })).statusCode).toBe(200);
    }
    await passResendGate(p.phonenumber);
    const sixth = await post(t.app, "/forgot-password", { phonenumber: p.phonenumber });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body.message).toMatch(/5 ครั้งใน 1 ชั่วโมง/);

    // Five wrong tries kill the live code: the right one is refused after them.
    const code = t.sms.lastCode(p.phonenumber);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect(
        (await inject("/reset-password", { phonenumber: p.phonenumber, otp: wrong, pass: "new-secret-22" }, `192.0.2.${10 + i}`))
          .statusCode,
      ).toBe(400);
    }
    expect((await post(t.app, "/reset-password", { phonenumber: p.phonenumber, otp: code, pass: "new-secret-22" })).statusCode).toBe(400);
    expect((await post(t.app, "/login", { username: p.username, password: p.password })).statusCode).toBe(200);

    await t.owner.$client.query(
      `insert into otp_sends (phone, address) select '0890000001', '192.0.2.' || g from generate_series(1, $1::int) g`,
      [OTP_SITE_PER_MINUTE],
    );
    const flood = await post(t.app, "/forgot-password", { phonenumber: playerData().phonenumber });
    expect(flood.statusCode).toBe(503);
    expect(flood.body.message).toMatch(THAI);
    await t.owner.$client.query(`update otp_sends set sent_at = now() - interval '2 minutes' where phone = '0890000001'`);
  });

  it("the sign-in lockout holds: a locked address cannot reset until it passes; wrong codes count in it; success clears it", async () => {
    const p = await createPlayer(t);
    const address = "198.51.100.77";
    for (let i = 0; i < 5; i++)
      expect((await inject("/login", { username: p.username, password: "wrong-pass-x" }, address)).statusCode).toBe(401);
    await passResendGate(p.phonenumber);
    expect((await post(t.app, "/forgot-password", { phonenumber: p.phonenumber })).statusCode).toBe(200);
    const code = await t.sms.codeFor(p.phonenumber);
    const locked = await inject("/reset-password", { phonenumber: p.phonenumber, otp: code, pass: "new-secret-22" }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/ลองใหม่ในอีก \d+ นาที/);
    // The wait does not use up the code's tries; after it, a wrong code is one more failure (2 minutes now).
    await t.owner.$client.query(`update login_failures set locked_until = now() - interval '1 second' where user_id = $1`, [p.uuid]);
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await inject("/reset-password", { phonenumber: p.phonenumber, otp: wrong, pass: "new-secret-22" }, address)).statusCode).toBe(
      400,
    );
    expect(await scalar("select failures from login_failures where user_id = $1 and address = $2", [p.uuid, address])).toBe(6);
    expect((await inject("/reset-password", { phonenumber: p.phonenumber, otp: code, pass: "new-secret-22" }, address)).statusCode).toBe(
      429,
    );
    await t.owner.$client.query(`update login_failures set locked_until = now() - interval '1 second' where user_id = $1`, [p.uuid]);
    expect((await inject("/reset-password", { phonenumber: p.phonenumber, otp: code, pass: "new-secret-22" }, address)).statusCode).toBe(
      200,
    );
    expect(await scalar("select count(*)::int from login_failures where user_id = $1 and address = $2", [p.uuid, address])).toBe(0);
    expect((await inject("/login", { username: p.username, password: "new-secret-22" }, address)).statusCode).toBe(200);
  });

  it.each([
    ["/forgot-password", { phonenumber: "021234567" }],
    ["/forgot-password", {}],
    ["/reset-password", { phonenumber: "0812345678", otp: "12ab56", pass: "new-secret-22" }],
    ["/reset-password", { phonenumber: "0812345678", otp: "123456", pass: "short" }],
    ["/reset-password", { phonenumber: "not-a-phone", otp: "123456", pass: "new-secret-22" }],
    ["/reset-password", { phonenumber: "0812345678", otp: "123456" }],
    ["/reset-password", { phonenumber: "0812345678", otp: "123456", pass: "          " }],
  ] as const)("400 with a Thai message and nothing written: %s %j", async (url, body) => {
    const p = await createPlayer(t);
    const snapshot = async () => [
      await scalar("select count(*)::int from otp_sends"),
      await scalar("select count(*)::int from password_resets"),
      await scalar("select count(*)::int from audit_log"),
      await scalar("select count(*)::int from login_failures"),
      await scalar("select password_hash from users where id = $1", [p.uuid]),
      await scalar("select count(*)::int from sessions where revoked_at is not null"),
    ];
    const before = await snapshot();
    const res = await post(
      t.app,
      url,
      url === "/reset-password" && "otp" in body
        ? { ...body, phonenumber: body.phonenumber === "0812345678" ? p.phonenumber : body.phonenumber }
        : body,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe("Error");
    expect(res.body.message).toMatch(THAI);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|select|insert/i);
    expect(await snapshot()).toEqual(before);
  });
});

describe("a 401 says why the session ended (WWW-Authenticate)", () => {
  const reasonOf = (res: { headers: Record<string, unknown> }) =>
    /error_description="(\w+)"/.exec(String(res.headers["www-authenticate"] ?? ""))?.[1];

  it("expired, revoked (logout, password reset) and invalid (altered, another key)", async () => {
    const p = await createPlayer(t);
    const [h, payload, sig] = p.token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const secret = new TextEncoder().encode(testConfig().jwtSecret);

    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(secret);
    const e = await inject("/api/get-credit", {}, undefined, expired);
    expect(e.statusCode).toBe(401);
    expect(reasonOf(e)).toBe("expired");
    expect(e.json().message).toMatch(THAI);

    const raised = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString("base64url");
    expect(reasonOf(await inject("/api/get-credit", {}, undefined, `${h}.${raised}.${sig}`))).toBe("invalid");
    const otherKey = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("y".repeat(48)));
    expect(reasonOf(await inject("/api/get-credit", {}, undefined, otherKey))).toBe("invalid");
    expect(reasonOf(await inject("/api/get-credit", {}, undefined, "not.a.token"))).toBe("invalid");

    const other = (await post(t.app, "/login", { username: p.username, password: p.password })).body.jwt as string;
    expect((await post(t.app, "/api/logout", {}, p.token)).statusCode).toBe(200);
    const r = await inject("/api/get-credit", {}, undefined, p.token);
    expect(r.statusCode).toBe(401);
    expect(reasonOf(r)).toBe("revoked");
    // Without a token there is no session to explain.
    expect(reasonOf(await inject("/api/get-credit", {}))).toBeUndefined();
    expect((await inject("/api/get-credit", {}, undefined, other)).statusCode).toBe(200);
  });

  it("renewal past the 31 days says expired", async () => {
    const p = await createPlayer(t);
    const claims = JSON.parse(Buffer.from(p.token.split(".")[1]!, "base64url").toString());
    await t.owner.$client.query("update sessions set created_at = now() - interval '31 days' where id = $1", [claims.jti]);
    const res = await inject("/api/href", {}, undefined, p.token);
    expect(res.statusCode).toBe(401);
    expect(reasonOf(res)).toBe("expired");
  });
});

describe("OTP retry after a registration that failed", () => {
  async function failedRegistration() {
    const existing = await createPlayer(t);
    const data = playerData();
    await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber });
    const checked = await post(t.app, "/check-otp", { phonenumber: data.phonenumber, otp: t.sms.lastCode(data.phonenumber) });
    expect(checked.body.otpstatus).toBe(true);
    const refused = await post(t.app, "/register", { ...data, bankno: existing.bankno, otptoken: checked.body.otptoken });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe("เลขบัญชีธนาคารนี้ถูกใช้สมัครสมาชิกแล้ว");
    return { data, otptoken: checked.body.otptoken as string };
  }

  it("a new code can be asked a minute after the last one (not 30), with a truthful wait before that", async () => {
    const { data } = await failedRegistration();
    const soon = await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber });
    expect(soon.statusCode).toBe(429);
    expect(soon.body.message).toMatch(/ขอรหัสใหม่ได้ในอีก ([1-9]|[1-5]\d|60) วินาที/);
    expect(soon.body.message).not.toMatch(/ครั้งละ 60 วินาที/);

    await passResendGate(data.phonenumber);
    const fresh = await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toMatchObject({ status: "Success", sendotpstatus: true });
    const again = await post(t.app, "/check-otp", { phonenumber: data.phonenumber, otp: t.sms.lastCode(data.phonenumber) });
    expect(again.body.otpstatus).toBe(true);
    const reg = await post(t.app, "/register", { ...data, otptoken: again.body.otptoken });
    expect(reg.statusCode).toBe(200);
  });

  it("the verification stays usable after a new code is sent: the first token still registers within its validity", async () => {
    const { data, otptoken } = await failedRegistration();
    await passResendGate(data.phonenumber);
    expect((await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber })).body.sendotpstatus).toBe(true);
    expect((await post(t.app, "/register", { ...data, otptoken })).statusCode).toBe(200);
  });

  it("a verification past its 30 minutes is not kept when a new code goes out", async () => {
    const { data, otptoken } = await failedRegistration();
    await t.owner.$client.query(
      `update phone_verifications set verified_at = now() - interval '31 minutes', sent_at = now() - interval '31 minutes' where phone = $1`,
      [data.phonenumber],
    );
    await passResendGate(data.phonenumber);
    expect((await post(t.app, "/check-phonenumber", { phonenumber: data.phonenumber })).body.sendotpstatus).toBe(true);
    const late = await post(t.app, "/register", { ...data, otptoken });
    expect(late.statusCode).toBe(400);
    expect(late.body.message).toMatch(THAI);
  });

  it("someone else asking for a code cannot wipe the owner's fresh verification (decision 003 still holds)", async () => {
    const data = playerData();
    await verifyPhone(t, data.phonenumber);
    const token = (await t.owner.$client.query("select token_hash from phone_verifications where phone = $1", [data.phonenumber])).rows[0]
      .token_hash;
    await passResendGate(data.phonenumber);
    expect((await inject("/check-phonenumber", { phonenumber: data.phonenumber }, "10.9.9.9")).json().sendotpstatus).toBe(true);
    const after = (
      await t.owner.$client.query("select token_hash, verified_at is not null as verified from phone_verifications where phone = $1", [
        data.phonenumber,
      ])
    ).rows[0];
    expect(after).toEqual({ token_hash: token, verified: true });
  });
});
