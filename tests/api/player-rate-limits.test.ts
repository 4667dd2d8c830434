import { describe, expect, it } from "vitest";
import { ADDRESS_CEILING_FACTOR } from "../../src/server/http/register-route";
import { THAI } from "../support/app";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";

// A signed-in call's limit is counted per player, not per address: players behind one carrier address (NAT)
// each keep their own; the address keeps a looser ceiling (docs/decisions/048). /api/gent-amount takes 20 a minute.
const app = useTestApp();
const PER_PLAYER = 20;

type Player = Awaited<ReturnType<typeof createPlayer>>;

async function ask(p: Player | null, remoteAddress: string) {
  const res = await app.t.app.inject({
    method: "POST",
    url: "/api/gent-amount",
    payload: { amount: 100 },
    remoteAddress,
    headers: p ? { authorization: `Bearer ${p.token}` } : {},
  });
  return { status: res.statusCode, message: (res.json() as { message?: string }).message, retryAfter: res.headers["retry-after"] };
}

async function asks(p: Player | null, remoteAddress: string, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await ask(p, remoteAddress)).status);
  return codes;
}

describe("limits of signed-in calls", () => {
  it("two players from one address each get their own 20 a minute", async () => {
    const a = await createPlayer(app.t);
    const b = await createPlayer(app.t);
    const address = "203.0.113.10";
    expect(await asks(a, address, PER_PLAYER)).not.toContain(429);
    const refused = await ask(a, address);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(THAI);
    expect(refused.message).toBe("ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่");
    expect(await asks(b, address, PER_PLAYER)).not.toContain(429);
    expect((await ask(b, address)).status).toBe(429);
  });

  it("one player from two addresses shares one 20", async () => {
    const p = await createPlayer(app.t);
    expect(await asks(p, "203.0.113.20", PER_PLAYER / 2)).not.toContain(429);
    expect(await asks(p, "203.0.113.21", PER_PLAYER / 2)).not.toContain(429);
    expect((await ask(p, "203.0.113.21")).status).toBe(429);
    expect((await ask(p, "203.0.113.20")).status).toBe(429);
  });

  it("an address still has a ceiling of ten times the player's limit, whoever asks from it", async () => {
    const address = "203.0.113.30";
    const players: Player[] = [];
    for (let i = 0; i < ADDRESS_CEILING_FACTOR + 1; i++) players.push(await createPlayer(app.t));
    for (const p of players.slice(0, ADDRESS_CEILING_FACTOR)) expect(await asks(p, address, PER_PLAYER)).not.toContain(429);
    // A fresh player, nothing asked yet: the address is at its ceiling, and so is a caller with no token.
    const last = players[ADDRESS_CEILING_FACTOR]!;
    const refused = await ask(last, address);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe("ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await ask(null, address)).status).toBe(429);
    // The same player from elsewhere is within its own 20.
    expect((await ask(last, "203.0.113.31")).status).not.toBe(429);
  });
});
