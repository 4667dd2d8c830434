import type { z } from "zod";

/**
 * Whether `schema()` defers: in a browser, yes. The browser loads every contract module its first page needs
 * but parses few of their schemas, and building them all as the modules loaded was the longest part of its
 * start-up script (docs/decisions/025). The server builds every schema anyway (it registers each route
 * and publishes the OpenAPI document), and zod's JSON Schema writer follows a schema by its identity, which
 * a stand-in does not share: there each schema is made at once, as it always was.
 */
const DEFER = typeof window !== "undefined";

/**
 * A schema named at a module's top level, in the contract or a browser module:
 * `export const SignedIn = schema(() => z.object({…}))`. In a browser it is made on its first use
 * (`deferredSchema`); elsewhere at once (decision 032). Route schemas are deferred by `route()`.
 */
export function schema<T extends z.ZodType>(make: () => T): T {
  return DEFER ? deferredSchema(make) : make();
}

/**
 * A stand-in made at once that makes the schema on its first use and stands for it in every way the browser
 * reads one: parse, `shape`, `extend`, `instanceof`, nesting in another schema. Everything it is asked goes to
 * the schema, methods included (bound to it, so a method's `this` is the schema, as its getters' is). It is not
 * the schema's identity: a map or registry keyed by schemas (zod's `toJSONSchema`, `.register()`,
 * `z.globalRegistry`) would see the stand-in and the schema as two, so the browser uses none. It cannot be
 * frozen or given a fixed property (a proxy over an empty object could not report them).
 */
export function deferredSchema<T extends z.ZodType>(make: () => T): T {
  let made: T | undefined;
  const real = (): T => (made ??= make());
  // Each method bound once, so `X.safeParse === X.safeParse` as on the schema.
  const bound = new WeakMap<object, unknown>();
  return new Proxy(Object.create(null) as T, {
    get: (_, key) => {
      const schema = real();
      const value: unknown = Reflect.get(schema, key);
      if (typeof value !== "function") return value;
      if (!bound.has(value)) bound.set(value, value.bind(schema));
      return bound.get(value);
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: the stand-in itself holds none of them, which a proxy may only say of those.
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(real(), key);
      return found && { ...found, configurable: true };
    },
    defineProperty: (_, key, descriptor) => descriptor.configurable !== false && Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    preventExtensions: () => false,
  });
}
