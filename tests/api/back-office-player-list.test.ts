import { beforeAll, describe, expect, it } from "vitest";
import { backOffice } from "../../src/contract";
import { PLAYER_LIST_PAGE_SIZE, type PlayerListSort } from "../../src/contract/back-office";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, distinctHolder } from "../support/players";
import { fund } from "../support/wallet";

// The back office's player list (/api/admin/players): pages in each order, ties broken by the user id, so the
// pages together hold every player once; admins only; bad input refused in Thai.

const app = useTestApp();
type Player = Awaited<ReturnType<typeof createPlayer>>;
const players: Player[] = [];

beforeAll(async () => {
  // More than a page, many with equal credit (ties across the page boundary).
  for (let i = 0; i < PLAYER_LIST_PAGE_SIZE + 5; i++) {
    const p = await createPlayer(app.t, { bankaccounts: distinctHolder() });
    if (i % 3 === 0) await fund(app.t, app.admin, p.uuid, 100);
    players.push(p);
  }
});

async function allPages(sort: PlayerListSort) {
  const first = await call(app.t.app, backOffice.adminPlayerList, { sort, page: 1 }, app.admin);
  if (!first.ok) throw new Error(JSON.stringify(first.body));
  const rows = [...first.body.players];
  for (let page = 2; page <= first.body.pages; page++) {
    const next = await call(app.t.app, backOffice.adminPlayerList, { sort, page }, app.admin);
    if (!next.ok) throw new Error(JSON.stringify(next.body));
    rows.push(...next.body.players);
  }
  return { rows, total: first.body.total, pages: first.body.pages };
}

describe("the player list", () => {
  it.each(["newest", "balance", "activity"] as const)("pages in %s order hold every player once, in the database's order", async (sort) => {
    const order = {
      newest: "u.created_at desc, u.id desc",
      balance: "coalesce(a.balance, 0) desc, u.id asc",
      // The list's own definition of activity: the later of the last sign-in and the last movement.
      activity: `greatest((select max(s.created_at) from sessions s where s.user_id = u.id),
                          (select e.created_at from ledger_entries e where e.account_id = a.id order by e.id desc limit 1)) desc nulls last, u.id asc`,
    }[sort];
    const expected = await app.t.owner.$client.query(
      `select u.id from users u left join accounts a on a.owner_id = u.id and a.kind = 'credit' where u.role = 'player' order by ${order}`,
    );
    const { rows, total, pages } = await allPages(sort);
    expect(total).toBe(expected.rows.length);
    expect(pages).toBe(Math.ceil(total / PLAYER_LIST_PAGE_SIZE));
    expect(pages).toBeGreaterThan(1);
    expect(rows.map((r) => r.uuid)).toEqual(expected.rows.map((r: { id: string }) => r.id));
  });

  it("refuses a player (403) and a bad page or order (400, in Thai), and writes nothing", async () => {
    const before = await app.t.owner.$client.query("select count(*)::int as n from audit_log where action = 'player.list'");
    const asPlayer = await call(app.t.app, backOffice.adminPlayerList, { sort: "newest", page: 1 }, players[0]!.token);
    expect(asPlayer.statusCode).toBe(403);
    for (const body of [{ page: 0 }, { page: 1.5 }, { sort: "richest" }]) {
      const res = await app.t.app.inject({
        method: "POST",
        url: backOffice.adminPlayerList.path,
        payload: body,
        headers: { authorization: `Bearer ${app.admin}` },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/);
    }
    const after = await app.t.owner.$client.query("select count(*)::int as n from audit_log where action = 'player.list'");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
