import type { FastifyInstance } from "fastify";
import { bank } from "../../../contract";
import type { Db } from "../../db/client";
import { type Authenticate, routesOf } from "../../http/register-route";
import { statementService } from "./statement";
import { bankStats } from "./stats";
import { statementRowView } from "./views";

// A statement of up to 2 MB of CSV (the contract's limit) in JSON, with room for escaping.
const STATEMENT_BODY_LIMIT = 5 * 1024 * 1024;

/** The statement upload's four calls (docs/decisions/045-automatic-deposits.md). */
export function statementRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = statementService(db);
  const r = routesOf(app, authenticate);

  r(bank.adminStatementFormats, async () => ({ status: "Success" as const, formats: await service.formats() }));
  r(bank.adminSaveStatementFormat, async ({ body, user }) => ({
    status: "Success" as const,
    formats: await service.saveFormat(user, body),
  }));
  r(
    bank.adminPreviewStatement,
    async ({ body }) => ({ status: "Success" as const, rows: (await service.preview(body.site_bank_id, body.csv)).map(statementRowView) }),
    { bodyLimit: STATEMENT_BODY_LIMIT },
  );
  r(
    bank.adminImportStatement,
    async ({ body, user }) => ({ status: "Success" as const, ...(await service.import(user, body.site_bank_id, body.csv)) }),
    { bodyLimit: STATEMENT_BODY_LIMIT },
  );
}

/** Today's figures of automatic deposits, for the dashboard (the same as /metrics). */
export function bankStatsRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const r = routesOf(app, authenticate);
  r(bank.adminBankStats, async () => ({ status: "Success" as const, stats: await bankStats(db) }));
}
