import { describe, expect, it } from "vitest";
import { postgresLinesToShow } from "./database";

// What the embedded PostgreSQL wrote, as its log line prefix ("%m [%p] %e ") makes it (docs/decisions/049).
const at = "2026-11-28 11:32:00.306 UTC";

describe("the embedded PostgreSQL's lines an operator sees", () => {
  it("a player's refusal (LR000) is left out whole, with its statement", () => {
    const chunk = [
      `${at} [18929] LR000 ERROR:  insufficient_funds`,
      `${at} [18929] LR000 DETAIL:  {"accountId" : 641}`,
      `${at} [18929] LR000 STATEMENT:  `,
      "\t      select a.ids as accounts",
      "\t      cross join lateral ledger_post($4, $5)",
      "",
    ].join("\n");
    expect(postgresLinesToShow(chunk)).toEqual([]);
  });

  it("a fault is shown whole; LOG lines beside it are not", () => {
    const chunk = [
      `${at} [7] 00000 LOG:  checkpoint starting: time`,
      `${at} [8] 23505 ERROR:  duplicate key value violates unique constraint "x"`,
      `${at} [8] 23505 STATEMENT:  insert into x`,
      "\tvalues (1)",
      `${at} [9] 53300 FATAL:  sorry, too many clients already`,
    ].join("\n");
    expect(postgresLinesToShow(chunk)).toEqual([
      `${at} [8] 23505 ERROR:  duplicate key value violates unique constraint "x"`,
      `${at} [8] 23505 STATEMENT:  insert into x`,
      "\tvalues (1)",
      `${at} [9] 53300 FATAL:  sorry, too many clients already`,
    ]);
  });

  it("what a stop of PostgreSQL itself tells connections is left out; the recovery after a crash is not", () => {
    const chunk = [
      `${at} [7] 00000 LOG:  received fast shutdown request`,
      `${at} [9] 57P01 FATAL:  terminating connection due to administrator command`,
      `${at} [10] 57P01 FATAL:  terminating connection due to administrator command`,
      `${at} [13] 57P03 FATAL:  the database system is shutting down`,
      `${at} [11] 57P02 WARNING:  terminating connection because of crash of another server process`,
      `${at} [12] 57P03 FATAL:  the database system is in recovery mode`,
      `${at} [14] 57P03 FATAL:  the database system is not yet accepting connections`,
    ].join("\n");
    expect(postgresLinesToShow(chunk)).toEqual([
      `${at} [12] 57P03 FATAL:  the database system is in recovery mode`,
      `${at} [14] 57P03 FATAL:  the database system is not yet accepting connections`,
    ]);
  });
});
