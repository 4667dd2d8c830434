import type { FastifyInstance } from "fastify";
import { bank } from "../../contract";
import { writeAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { type Authenticate, routesOf } from "../http/register-route";
import { refusalLog, verifyFeed } from "../http/signed-feed";
import { bankService } from "./service";
import { bankRecordView } from "./views";

/** Batches a minute one address may send to the bank feed (a relay sends one per transfer, or a batch a minute). */
const FEED_PER_MINUTE = 120;

export function bankRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, feedSecret: string | undefined) {
  const service = bankService(db);
  const r = routesOf(app, authenticate);

  // Signed like the result feed, with its own secret; refusals logged at most once an address, problem and
  // minute (docs/decisions/022), the rest counted into that row.
  const refusals = refusalLog(async (e) => {
    await writeAudit(db, {
      actorId: null,
      action: "bank-feed.rejected",
      target: `bank-feed:${e.ip}`,
      after: { problem: e.problem, ip: e.ip, count: e.count, first: e.first },
    });
  });
  app.addHook("onClose", () => refusals.flush());
  r(
    bank.bankFeed,
    async ({ body, request }) => {
      const problem = verifyFeed(request, feedSecret, "BANK_FEED_SECRET");
      if (problem) {
        request.log.warn({ problem, ip: request.ip, records: body.records.length }, "bank feed refused");
        await refusals.refused(request.ip, problem);
        throw new ApiError(401, `ลายมือชื่อของรายการเงินเข้าไม่ถูกต้อง ไม่ได้บันทึกรายการใด / bad or missing signature (${problem}): nothing stored`);
      }
      const records = await service.feed(body.records);
      const fresh = records.filter((x) => !x.duplicate);
      return {
        status: "Success" as const,
        message: `รับ ${fresh.length} รายการ ซ้ำ ${records.length - fresh.length} รายการ เติมเครดิตแล้ว ${fresh.filter((x) => x.state === "matched").length} รายการ`,
        records,
      };
    },
    { rateLimitPerMinute: FEED_PER_MINUTE, englishRefusals: true },
  );

  r(bank.adminBankRecords, async ({ body }) => ({
    status: "Success" as const,
    records: (await service.records(body)).map(bankRecordView),
  }));
  r(bank.adminMatchBankRecord, async ({ body, user }) => ({
    status: "Success" as const,
    record: bankRecordView(await service.match(user, body)),
  }));
  r(bank.adminReturnBankRecord, async ({ body, user }) => ({
    status: "Success" as const,
    record: bankRecordView(await service.markReturn(user, body)),
  }));
  r(bank.adminBankSettings, async () => ({ status: "Success" as const, settings: await service.settings() }));
  r(bank.adminUpdateBankSettings, async ({ body, user }) => ({
    status: "Success" as const,
    settings: await service.updateSettings(user, body),
  }));
}
