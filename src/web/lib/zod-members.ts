import { config, z } from "zod";

// The site's Content-Security-Policy allows no string evaluation (script-src 'self'): zod's compiled fast path for
// objects (`new Function`) is off, and so is its probe for it, which a strict policy reports as a violation. A parse
// that reached the fast path threw an EvalError in a trial (a yeekee shot refused before it was sent).
config({ jitless: true });

/**
 * The members of zod's `z` that the contract and the browser's schemas call (docs/decisions/059), named one by one
 * so the build keeps only what they use: `z` handed over whole, as a value, would keep all of zod with every locale.
 * src/build/zod-members.test.ts fails if a module under src/contract or src/web calls a member of `z` missing here.
 */
export const Z_MEMBERS = {
  array: z.array,
  boolean: z.boolean,
  coerce: z.coerce,
  discriminatedUnion: z.discriminatedUnion,
  enum: z.enum,
  iso: z.iso,
  literal: z.literal,
  NEVER: z.NEVER,
  null: z.null,
  number: z.number,
  object: z.object,
  record: z.record,
  string: z.string,
  tuple: z.tuple,
  union: z.union,
  unknown: z.unknown,
  uuid: z.uuid,
  // Named as a type (`z.ZodType<T>`) where `z` is imported as a value; the class is every schema's base anyway.
  ZodType: z.ZodType,
} satisfies Partial<typeof z>;
export type ZMembers = typeof Z_MEMBERS;
