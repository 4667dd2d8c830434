import { describe, expect, it } from "vitest";
import { batcher } from "./batcher";

/** A run whose calls finish only when the test says so, recording the batches it was given. */
function controlledRun() {
  const calls: Array<{ key: string; items: number[]; finish: (answers?: Array<number | Error>) => void; fail: (e: unknown) => void }> = [];
  const run = (key: string, items: number[]) =>
    new Promise<Array<number | Error>>((resolve, reject) => {
      calls.push({ key, items, finish: (answers) => resolve(answers ?? items.map((i) => i * 10)), fail: reject });
    });
  return { calls, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("batcher", () => {
  it("starts at once when idle, and groups what arrives while busy into the next call", async () => {
    const { calls, run } = controlledRun();
    const send = batcher({ max: 10, concurrency: 1, run });
    const first = send("a", 1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    const later = [2, 3, 4].map((i) => send("a", i));
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    expect(await first).toBe(10);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.finish();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("keeps up to `concurrency` calls in flight per key, and keys apart", async () => {
    const { calls, run } = controlledRun();
    const send = batcher({ max: 10, concurrency: 2, run });
    const all = [send("a", 1), send("a", 2), send("a", 3), send("b", 4)];
    expect(calls.map((c) => [c.key, c.items])).toEqual([
      ["a", [1]],
      ["a", [2]],
      ["b", [4]],
    ]);
    for (const c of [...calls]) c.finish();
    await tick();
    expect(calls.map((c) => [c.key, c.items])).toContainEqual(["a", [3]]);
    calls.at(-1)!.finish();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40]);
  });

  it("never puts more than `max` items in one call", async () => {
    const { calls, run } = controlledRun();
    const send = batcher({ max: 3, concurrency: 1, run });
    const all = Array.from({ length: 8 }, (_, i) => send("a", i));
    for (let n = 0; n < 4; n++) {
      await tick();
      calls[n]?.finish();
    }
    await Promise.all(all);
    expect(calls.map((c) => c.items)).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
  });

  it("answers each item with its own value or error; a failed call fails only its own batch", async () => {
    const { calls, run } = controlledRun();
    const send = batcher({ max: 10, concurrency: 1, run });
    const first = send("a", 1);
    const second = [send("a", 2), send("a", 3)];
    calls[0]!.fail(new Error("database down"));
    await expect(first).rejects.toThrow("database down");
    await tick();
    calls[1]!.finish([20, new Error("refused")]);
    await expect(second[0]).resolves.toBe(20);
    await expect(second[1]).rejects.toThrow("refused");
  });
});
