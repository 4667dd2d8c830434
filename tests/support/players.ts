import type { FastifyInstance } from "fastify";
import type { TestApp } from "./app";

let counter = 0;
let holders = 0;

/**
 * A bank account holder's name no other test player has (letters only, as the form requires): players
 * sharing one are the same person to same_person(), so commission and games between them are refused.
 */
export function distinctHolder(prefix = "ผู้เล่น ทดสอบ"): string {
  holders += 1;
  return prefix + [...String(holders)].map((d) => "กขคงจฉชซญณ"[Number(d)]).join("");
}

export interface PlayerInput {
  username: string;
  password: string;
  phonenumber: string;
  bankaccounts: string;
  bankno: string;
  bankname: string;
  uuidmother?: string;
}

/** Distinct, valid registration data; override any field. */
export function playerData(overrides: Partial<PlayerInput> = {}): PlayerInput {
  counter += 1;
  const n = `${process.pid % 1000}${String(counter).padStart(4, "0")}`.slice(-7).padStart(7, "0");
  return {
    username: `player${n}`,
    password: "secret-pass-1",
    phonenumber: `081${n}`,
    bankaccounts: "สมชาย ใจดี",
    bankno: `123${n}`,
    bankname: "kbank",
    ...overrides,
  };
}

export async function post(app: FastifyInstance, url: string, body?: unknown, token?: string) {
  const res = await app.inject({
    method: "POST",
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { statusCode: res.statusCode, body: res.json() as Record<string, unknown> & { status: string; message?: string } };
}

/** Verifies the phone by its OTP; the token /check-otp gives is what registers with it (docs/decisions/047). */
export async function verifyPhone(t: TestApp, phone: string): Promise<string> {
  const sent = await post(t.app, "/check-phonenumber", { phonenumber: phone });
  if (sent.body.sendotpstatus !== true) throw new Error(`OTP not sent: ${JSON.stringify(sent.body)}`);
  const checked = await post(t.app, "/check-otp", { phonenumber: phone, otp: t.sms.lastCode(phone) });
  if (checked.body.otpstatus !== true) throw new Error(`OTP not accepted: ${JSON.stringify(checked.body)}`);
  return checked.body.otptoken as string;
}

/** Registers through the real calls (OTP included) and signs in. */
export async function createPlayer(t: TestApp, overrides: Partial<PlayerInput> = {}) {
  const data = playerData(overrides);
  const otptoken = await verifyPhone(t, data.phonenumber);
  const reg = await post(t.app, "/register", { ...data, otptoken });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const login = await post(t.app, "/login", { username: data.username, password: data.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { ...data, uuid: login.body.uuid as string, token: login.body.jwt as string };
}

export async function loginAs(t: TestApp, username: string, password: string): Promise<string> {
  const res = await post(t.app, "/login", { username, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.jwt as string;
}
