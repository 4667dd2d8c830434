import type { z } from "zod";
import * as contract from "../../src/contract";
import type { RouteDef } from "../../src/contract/route";

/** Every call of the contract, named `area.name`: what the browser can call is what the server registers. */
export function contractRoutes(): Array<{ name: string; def: RouteDef }> {
  const routes: Array<{ name: string; def: RouteDef }> = [];
  for (const [area, exports] of Object.entries(contract)) {
    if (typeof exports !== "object" || exports === null) continue;
    for (const [name, value] of Object.entries(exports as Record<string, unknown>)) {
      if (isRoute(value)) routes.push({ name: `${area}.${name}`, def: value });
    }
  }
  return routes;
}

function isRoute(value: unknown): value is RouteDef {
  return typeof value === "object" && value !== null && "path" in value && "method" in value && "access" in value && "response" in value;
}

export type Path = ReadonlyArray<string | number>;

/** A field a client fills: where it sits in the body and what it accepts. */
export interface Field {
  path: Path;
  /** The field's whole schema (with its wrappers and pipes), as the server applies it. */
  schema: z.ZodType;
  /** What the client may send there: text, a number, or either (a union). */
  accepts: ReadonlySet<"string" | "number">;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/** The kinds of value a schema takes from the client, looking through wrappers, pipes and unions. */
function accepted(schema: z.ZodType): Set<"string" | "number"> {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return accepted(def.innerType!);
  if (def.type === "pipe") return accepted(def.in!);
  if (def.type === "union") return new Set(def.options!.flatMap((o) => [...accepted(o)]));
  if (def.type === "string") return new Set(["string"]);
  if (def.type === "number") return new Set(["number"]);
  if (def.type === "enum") return new Set(Object.values(def.entries!).map((v) => (typeof v === "number" ? "number" : "string")));
  if (def.type === "literal")
    return new Set(
      def.values!.filter((v) => typeof v === "string" || typeof v === "number").map((v) => (typeof v === "number" ? "number" : "string")),
    );
  return new Set();
}

/** The schema an object, array or record is built from, looking through wrappers and pipes. */
function container(schema: z.ZodType): Def | null {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return container(def.innerType!);
  if (def.type === "pipe") return container(def.in!);
  if (def.type === "object" || def.type === "array" || def.type === "record") return def;
  return null;
}

/** Every text and number field of a body schema, nested ones included (arrays at index 0, records at key "k"). */
export function fieldsOf(schema: z.ZodType, path: Path = []): Field[] {
  const def = container(schema);
  if (def?.type === "object") return Object.entries(def.shape!).flatMap(([key, s]) => fieldsOf(s, [...path, key]));
  if (def?.type === "array") return fieldsOf(def.element!, [...path, 0]);
  if (def?.type === "record") return fieldsOf(def.valueType!, [...path, "k"]);
  const kinds = accepted(schema);
  return kinds.size > 0 ? [{ path, schema, accepts: kinds }] : [];
}

/**
 * A plausible body for a schema: each field gets the first candidate its own schema accepts (the caller's
 * uuid first), so most bodies are valid but for the one field a test spoils. Not always valid (a rule across
 * fields, a round that must exist); the input checks under test come before those.
 */
export function sampleOf(schema: z.ZodType, uuid: string): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return sampleOf(def.innerType!, uuid);
  if (def.type === "pipe") return firstAccepted(schema, uuid) ?? sampleOf(def.in!, uuid);
  if (def.type === "object") return Object.fromEntries(Object.entries(def.shape!).map(([k, s]) => [k, sampleOf(s, uuid)]));
  if (def.type === "array") return [sampleOf(def.element!, uuid)];
  if (def.type === "record") return { k: sampleOf(def.valueType!, uuid) };
  if (def.type === "union") return sampleOf(def.options![0]!, uuid);
  if (def.type === "enum") return Object.values(def.entries!)[0];
  if (def.type === "literal") return def.values![0];
  if (def.type === "boolean") return false;
  return firstAccepted(schema, uuid) ?? (accepted(schema).has("number") ? 1 : "a");
}

function firstAccepted(schema: z.ZodType, uuid: string): unknown {
  const candidates: unknown[] = [
    uuid,
    1,
    10,
    100,
    1000,
    "1",
    "100",
    "123",
    "12",
    "12345",
    "123456",
    "0812345678",
    "1234567890",
    "kbank",
    "yeekee",
    "hanoi",
    "player0001",
    "secret-pass-1",
    "ทดสอบ ข้อความ",
    "2025-01-01",
    "2025-01-01T10:00:00+07:00",
    "DP0123456789AB",
    "[]",
    "a",
    "",
  ];
  return candidates.find((c) => schema.safeParse(c).success);
}

/** The body with one field replaced (arrays and records are copied along the way). */
export function withField(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const base = (typeof body === "object" && body !== null ? body : typeof head === "number" ? [] : {}) as Record<string | number, unknown>;
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  copy[head!] = withField(base[head!], rest, value);
  return copy;
}
