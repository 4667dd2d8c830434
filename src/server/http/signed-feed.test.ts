import { describe, expect, it, vi } from "vitest";
import { refusalLog } from "./signed-feed";

describe("refusalLog", () => {
  it("writes the first refusal of an address and problem at once and the rest of its window as one counted row", async () => {
    const rows: Array<{ ip: string; problem: string; count: number; first: boolean }> = [];
    const log = refusalLog(async (e) => {
      rows.push(e);
    }, 50);
    for (let i = 0; i < 300; i++) await log.refused("203.0.113.9", "bad signature");
    await log.refused("203.0.113.9", "stale");
    await log.refused("198.51.100.1", "bad signature");
    expect(rows).toEqual([
      { ip: "203.0.113.9", problem: "bad signature", count: 1, first: true },
      { ip: "203.0.113.9", problem: "stale", count: 1, first: true },
      { ip: "198.51.100.1", problem: "bad signature", count: 1, first: true },
    ]);
    // The window's end writes the count: waited for as that row, not as a while.
    await vi.waitFor(() => expect(rows).toHaveLength(4));
    expect(rows[3]).toEqual({ ip: "203.0.113.9", problem: "bad signature", count: 299, first: false });
    expect(rows.length).toBe(4);
    // A new window starts with its own immediate row; flush writes what is counted.
    await log.refused("203.0.113.9", "bad signature");
    await log.refused("203.0.113.9", "bad signature");
    await log.flush();
    expect(rows.slice(4)).toEqual([
      { ip: "203.0.113.9", problem: "bad signature", count: 1, first: true },
      { ip: "203.0.113.9", problem: "bad signature", count: 1, first: false },
    ]);
  });
});
