import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { feedSignature } from "../../src/server/http/signed-feed";

/** The bank feed's secret in tests (createTestApp({ bankFeedSecret: BANK_FEED_SECRET })). */
export const BANK_FEED_SECRET = "bank-feed-secret-bank-feed-secret-0123";

export interface SimulatedRecord {
  bank_ref?: string;
  account: string;
  amount: number;
  time: string;
  from_bank?: string;
  from_account?: string;
  from_name?: string;
}

/**
 * A simulated bank relay: posts records to /api/admin/bank-feed signed as a real relay signs them (hex HMAC-SHA256
 * of "timestamp.body" with BANK_FEED_SECRET, docs/decisions/045). `sign: false` sends no signature; `secret` another.
 */
export function simulatedBank(app: FastifyInstance, account: string) {
  return {
    record(amount: number, over: Partial<SimulatedRecord> = {}): SimulatedRecord {
      return { bank_ref: `REF${randomUUID().replace(/-/g, "").slice(0, 20)}`, account, amount, time: new Date().toISOString(), ...over };
    },
    async send(records: unknown[], options: { sign?: boolean; secret?: string; raw?: string } = {}) {
      const raw = options.raw ?? JSON.stringify({ records });
      const ts = String(Date.now());
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.sign !== false) {
        headers["x-feed-timestamp"] = ts;
        headers["x-feed-signature"] = feedSignature(options.secret ?? BANK_FEED_SECRET, ts, raw);
      }
      const res = await app.inject({ method: "POST", url: "/api/admin/bank-feed", payload: raw, headers });
      return {
        statusCode: res.statusCode,
        body: res.json() as {
          status: string;
          message: string;
          records?: { id: number; state: "waiting" | "matched" | "returned"; duplicate: boolean }[];
        },
      };
    },
  };
}
