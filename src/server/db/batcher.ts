/**
 * Groups requests that arrive while the database is busy into one call (docs/decisions/009, 010).
 *
 * Items with the same key queue together. While fewer than `concurrency` batches of a key are in
 * flight, a new item starts a batch at once (no added wait when the site is quiet); otherwise it waits
 * and goes with everything queued behind it in the next batch, up to `max` items. `run` answers every
 * item of its batch, in order, with a value or an Error; if `run` itself throws, every item of the batch
 * gets that error.
 */
export function batcher<K, I, O>(options: { max: number; concurrency: number; run: (key: K, items: I[]) => Promise<Array<O | Error>> }) {
  interface Waiting {
    item: I;
    resolve: (o: O) => void;
    reject: (e: unknown) => void;
  }
  const queues = new Map<K, { waiting: Waiting[]; running: number }>();

  async function drain(key: K, q: { waiting: Waiting[]; running: number }) {
    q.running += 1;
    try {
      while (q.waiting.length) {
        const batch = q.waiting.splice(0, options.max);
        try {
          const answers = await options.run(
            key,
            batch.map((w) => w.item),
          );
          batch.forEach((w, i) => {
            const a = answers[i];
            if (a instanceof Error) w.reject(a);
            else if (a === undefined) w.reject(new Error("batch returned no answer for an item"));
            else w.resolve(a);
          });
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
    } finally {
      q.running -= 1;
      if (q.running === 0 && q.waiting.length === 0) queues.delete(key);
    }
  }

  return (key: K, item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      let q = queues.get(key);
      if (!q) {
        q = { waiting: [], running: 0 };
        queues.set(key, q);
      }
      q.waiting.push({ item, resolve, reject });
      if (q.running < options.concurrency) void drain(key, q);
    });
}
