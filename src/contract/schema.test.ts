import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { deferredSchema, schema } from "./schema";

describe("deferredSchema()", () => {
  it("makes the schema on its first use, once, and not before", () => {
    let made = 0;
    const Line = deferredSchema(() => (made++, z.object({ number: z.string().regex(/^\d{2}$/, "เลขไม่ถูกต้อง"), price: z.number().int() })));
    const Slip = deferredSchema(() => z.object({ lines: z.array(Line).min(1, "ไม่มีรายการ") }));
    expect(made).toBe(0);
    // Named inside another schema, it is not made when that one is, only when that one parses.
    expect(Object.keys(Slip.shape)).toEqual(["lines"]);
    expect(made).toBe(0);
    expect(Slip.safeParse({ lines: [{ number: "12", price: 5 }] })).toEqual({
      success: true,
      data: { lines: [{ number: "12", price: 5 }] },
    });
    expect(made).toBe(1);
    expect(Line.parse({ number: "34", price: 1 })).toEqual({ number: "34", price: 1 });
    expect(made).toBe(1);
  });

  it("stands for its schema: messages, shape, derived schemas, instanceof, keys", () => {
    const Line = deferredSchema(() => z.object({ number: z.string().regex(/^\d{2}$/, "เลขไม่ถูกต้อง"), price: z.number().int() }));
    const plain = z.object({ number: z.string().regex(/^\d{2}$/, "เลขไม่ถูกต้อง"), price: z.number().int() });
    const bad = { number: "1x", price: 1.5 };
    expect(Line.safeParse(bad).error?.issues).toEqual(plain.safeParse(bad).error?.issues);
    expect(Line.safeParse(bad).error?.issues[0]?.message).toBe("เลขไม่ถูกต้อง");
    expect(Object.keys(Line.shape)).toEqual(["number", "price"]);
    expect(Line.shape.number.safeParse("12").success).toBe(true);
    expect(Line.extend({ note: z.string() }).safeParse({ number: "12", price: 1 }).success).toBe(false);
    expect(Line.optional().parse(undefined)).toBeUndefined();
    expect(Line.array().parse([{ number: "12", price: 1 }])).toHaveLength(1);
    expect(Line).toBeInstanceOf(z.ZodObject);
    expect(Line instanceof z.ZodString).toBe(false);
    expect("shape" in Line).toBe(true);
    expect(Object.keys(Line)).toEqual(expect.arrayContaining(["def", "type"]));
    expect(Object.getPrototypeOf(Line)).toBe(Object.getPrototypeOf(plain));
    // A method taken off the stand-in acts on the schema, and is the same function each time.
    const { safeParse } = Line;
    expect(safeParse({ number: "12", price: 1 }).success).toBe(true);
    expect(Line.safeParse).toBe(safeParse);
    expect(() => Object.freeze(Line)).toThrow(TypeError);
    expect(Line.safeParse({ number: "12", price: 1 }).success).toBe(true);
  });
});

describe("schema()", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("makes the schema at once outside a browser: the server's schemas are the schemas themselves", () => {
    const made = z.object({ a: z.string() });
    expect(schema(() => made)).toBe(made);
  });

  it("defers in a browser, and the contract's schemas read there as they did", async () => {
    vi.stubGlobal("window", {});
    vi.resetModules();
    const { schema: inBrowser } = await import("./schema");
    const made = z.object({ a: z.string() });
    expect(inBrowser(() => made)).not.toBe(made);
    // zod's hook on every schema it constructs (internal, so checked to count before it is relied on).
    let constructed = 0;
    z.config({ postProcessor: () => void constructed++ });
    try {
      const { ActivityId, ErrorResponse, Username } = await import("./common");
      const { lottery, betting } = await import("./index");
      await import("../web/lib/local-cache");
      expect(constructed).toBe(0);
      expect(ErrorResponse.shape.status.options).toEqual(["Error", "Failure"]);
      expect(constructed).toBeGreaterThan(0);
      expect(ErrorResponse.shape.reason.safeParse("round_closed").data).toBe("round_closed");
      expect(ActivityId.parse("42")).toBe(42);
      expect(Username.parse(" Bench 1 ")).toBe("bench1");
      expect(lottery.LotteryGroup.options).toContain("yeekee");
      expect(lottery.RoundStatus.safeParse("nonsense").success).toBe(false);
      const slip = {
        uuid: "0e6f5c2a-4d3b-4c1a-9f0e-1a2b3c4d5e6f",
        activityid: "7",
        datetime: "2026-11-27 10:00",
        numberlist: [{ award_type: "TwoDigitOn", number: "12", amount: "10" }],
      };
      expect(betting.postNumberDigit.body.parse(slip).numberlist).toEqual([{ award_type: "TwoDigitOn", number: "12", amount: 10 }]);
      expect(
        betting.postNumberDigit.body.safeParse({ ...slip, numberlist: [{ award_type: "TwoDigitOn", number: "1234", amount: 10 }] }).error
          ?.issues[0]?.message,
      ).toBe("เลขต้องเป็นตัวเลข 1-3 หลัก");
    } finally {
      z.config({ postProcessor: undefined });
    }
  });
});

/** The first call or property chain's root: `z` of `z.object(…).min(…)`. */
function rootOf(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (
    ts.isCallExpression(e) ||
    ts.isPropertyAccessExpression(e) ||
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isNonNullExpression(e)
  )
    e = e.expression;
  return e;
}

/**
 * The top-level constants of `files` made as their module loads by a chain whose root `eager` accepts:
 * `schema(…)` and `route(…)` are the deferred forms.
 */
function madeAtLoad(files: string[], eager: (root: string) => boolean): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!init) continue;
        const root = rootOf(init);
        if (ts.isIdentifier(root) && eager(root.text)) found.push(`${relative(SRC, file)}: ${declaration.name.getText(source)}`);
      }
    }
  }
  return found;
}

const SRC = join(import.meta.dirname, "..");
const sources = (dir: string) =>
  readdirSync(join(SRC, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(SRC, dir, f));

/** JavaScript's own globals, whose calls make no schema. */
const GLOBALS = new Set([
  "Object",
  "Array",
  "Number",
  "String",
  "Boolean",
  "Math",
  "JSON",
  "Symbol",
  "Date",
  "Intl",
  "Map",
  "Set",
  "Promise",
  "Reflect",
  "RegExp",
]);
/**
 * A chain on `z`, on a helper that makes a schema (WholeNumber) or on another named schema (`Activity.extend(…)`);
 * not on a constant list (`BET_TYPES.map(…)`).
 */
const makesSchema = (root: string) => root === "z" || (/^[A-Z][a-z]/.test(root) && !GLOBALS.has(root));

describe("schemas made as a module loads", () => {
  it("none in the contract: each schema named at the top of a module comes through schema() or route()", () => {
    expect(madeAtLoad(sources("contract"), makesSchema)).toEqual([]);
  });

  it("none in the browser's modules: a schema named at the top of one comes through schema()", () => {
    expect(madeAtLoad(sources("web"), makesSchema)).toEqual([]);
  });
});
