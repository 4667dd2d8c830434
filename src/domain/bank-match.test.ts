import { describe, expect, it } from "vitest";
import { type MatchCandidate, type MatchRecord, type MatchSettings, decideMatch, dedupeKey, senderFits } from "./bank-match";
import { satang } from "./money";

describe("dedupeKey", () => {
  const time = new Date("2026-11-28T14:03:00+07:00");
  it("is the bank's reference when there is one, whatever else differs", () => {
    expect(dedupeKey({ bankRef: " 2026112800123 ", time, amount: 50037, fromAccount: "X1234" })).toBe("ref:2026112800123");
    expect(dedupeKey({ bankRef: "2026112800123", time: new Date(0), amount: 1, fromAccount: null })).toBe("ref:2026112800123");
  });
  it("is the time in UTC, the satang and the sender as shown without a reference", () => {
    expect(dedupeKey({ bankRef: null, time, amount: 50037, fromAccount: "xxx-x-x1234-x" })).toBe(
      "at:2026-11-28T07:03:00.000Z|50037|xxxxx1234x",
    );
    expect(dedupeKey({ bankRef: "", time, amount: 50037n, fromAccount: undefined })).toBe("at:2026-11-28T07:03:00.000Z|50037|");
  });
  it("is the same for the same transfer written differently (offset, mask letter, separators)", () => {
    const a = dedupeKey({ bankRef: null, time: new Date("2026-11-28T07:03:00Z"), amount: 50037, fromAccount: "XXX-X-X1234-X" });
    const b = dedupeKey({ bankRef: null, time, amount: 50037, fromAccount: "xxx x x1234 x" });
    expect(a).toBe(b);
  });
});

describe("senderFits", () => {
  const registered = "123-4-56789-0";
  it("compares position by position when the lengths agree", () => {
    expect(senderFits("xxx-x-x6789-x", registered)).toBe(true);
    expect(senderFits("xxx-x-x6780-x", registered)).toBe(false);
    expect(senderFits("1234567890", registered)).toBe(true);
  });
  it("takes a shorter one as the account's last digits", () => {
    expect(senderFits("X7890", registered)).toBe(true);
    expect(senderFits("*7890", registered)).toBe(true);
    expect(senderFits("x7891", registered)).toBe(false);
    expect(senderFits("7890", registered)).toBe(true);
  });
  it("refuses digits beyond the registered account's length", () => {
    expect(senderFits("991234567890", registered)).toBe(false);
    expect(senderFits("xx1234567890", registered)).toBe(true);
  });
  it("is unknown (null) with no digit shown or no registered account", () => {
    expect(senderFits("xxx-x-xxxxx-x", registered)).toBeNull();
    expect(senderFits(null, registered)).toBeNull();
    expect(senderFits("", registered)).toBeNull();
    expect(senderFits("X7890", null)).toBeNull();
  });
});

describe("decideMatch", () => {
  const created = new Date("2026-11-28T07:00:00Z");
  const expires = new Date("2026-11-28T07:30:00Z");
  const settings: MatchSettings = { autoApprove: true, autoMax: 50_000, clockToleranceMinutes: 5 };
  const record = (over: Partial<MatchRecord> = {}): MatchRecord => ({
    siteBankId: 1,
    sitePromptpayId: "0812345678",
    amount: satang(50037),
    time: new Date("2026-11-28T07:10:00Z"),
    fromAccount: null,
    ...over,
  });
  const request = (over: Partial<MatchCandidate> = {}): MatchCandidate => ({
    id: 1,
    state: "open",
    siteBankId: 1,
    promptpayId: "0812345678",
    createdAt: created,
    expiresAt: expires,
    playerBankNo: "1234567890",
    ...over,
  });
  const at = (iso: string) => record({ time: new Date(iso) });

  it("matches the one open or reported request of that amount in that account, in its window", () => {
    expect(decideMatch(record(), [request()], settings)).toMatchObject({ kind: "match", candidate: { id: 1 } });
    expect(decideMatch(record(), [request({ state: "used" })], settings)).toMatchObject({ kind: "match" });
  });
  it("waits with no_request when no request has that amount", () => {
    expect(decideMatch(record(), [], settings)).toEqual({ kind: "wait", reason: "no_request", candidate: null });
  });
  it("holds the window with the clock tolerance either way", () => {
    expect(decideMatch(at("2026-11-28T06:55:00Z"), [request()], settings).kind).toBe("match");
    expect(decideMatch(at("2026-11-28T06:54:59Z"), [request()], settings)).toMatchObject({ reason: "outside_window" });
    expect(decideMatch(at("2026-11-28T07:35:00Z"), [request()], settings).kind).toBe("match");
    expect(decideMatch(at("2026-11-28T07:35:01Z"), [request()], settings)).toMatchObject({ reason: "outside_window" });
    expect(decideMatch(at("2026-11-28T07:31:00Z"), [request()], { ...settings, clockToleranceMinutes: 0 })).toMatchObject({
      reason: "outside_window",
    });
  });
  it("waits with request_not_open for a closed, expired or cancelled request", () => {
    for (const state of ["closed", "expired", "cancelled"] as const) {
      expect(decideMatch(record(), [request({ state })], settings)).toMatchObject({ kind: "wait", reason: "request_not_open" });
    }
  });
  it("waits with wrong_account when the request named another receiving account", () => {
    expect(decideMatch(record({ siteBankId: 2 }), [request()], settings)).toMatchObject({ reason: "wrong_account" });
  });
  it("lets a request with only a PromptPay id match any account with that id", () => {
    const pp = request({ siteBankId: null, promptpayId: "0812345678" });
    expect(decideMatch(record({ siteBankId: 7 }), [pp], settings).kind).toBe("match");
    expect(decideMatch(record({ siteBankId: 7, sitePromptpayId: "0899999999" }), [pp], settings)).toMatchObject({
      reason: "wrong_account",
    });
    expect(decideMatch(record({ siteBankId: 7, sitePromptpayId: null }), [pp], settings)).toMatchObject({ reason: "wrong_account" });
  });
  it("needs shown sender digits to fit, and does not need them shown", () => {
    expect(decideMatch(record({ fromAccount: "X7890" }), [request()], settings).kind).toBe("match");
    expect(decideMatch(record({ fromAccount: "X7891" }), [request()], settings)).toMatchObject({ reason: "sender_mismatch" });
    expect(decideMatch(record({ fromAccount: "xxx-x-xxxxx-x" }), [request()], settings).kind).toBe("match");
  });
  it("names the nearest miss: a live request whose sender does not fit before an old cancelled one", () => {
    const old = request({
      id: 1,
      state: "cancelled",
      createdAt: new Date("2026-11-27T07:00:00Z"),
      expiresAt: new Date("2026-11-27T07:30:00Z"),
    });
    const live = request({ id: 2 });
    expect(decideMatch(record({ fromAccount: "X0000" }), [old, live], settings)).toMatchObject({ reason: "sender_mismatch" });
    expect(decideMatch(record(), [old, live], settings)).toMatchObject({ kind: "match", candidate: { id: 2 } });
  });
  it("waits with several_requests when two requests fit", () => {
    expect(decideMatch(record(), [request({ id: 1 }), request({ id: 2, state: "used" })], settings)).toEqual({
      kind: "wait",
      reason: "several_requests",
      candidate: null,
    });
  });
  it("waits with auto_off, naming the request, when automatic approval is off", () => {
    expect(decideMatch(record(), [request()], { ...settings, autoApprove: false })).toMatchObject({
      kind: "wait",
      reason: "auto_off",
      candidate: { id: 1 },
    });
  });
  it("waits with over_auto_max above the upper amount, and credits at it", () => {
    expect(decideMatch(record({ amount: satang(50037) }), [request()], { ...settings, autoMax: 500.36 })).toMatchObject({
      reason: "over_auto_max",
    });
    expect(decideMatch(record({ amount: satang(50037) }), [request()], { ...settings, autoMax: 500.37 }).kind).toBe("match");
  });
});
