import type { z } from "zod";

export type Access = "public" | "player" | "admin";

/** One call of the API: the server registers it and the browser calls it from this one definition. */
export interface RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: "GET" | "POST";
  path: string;
  access: Access;
  summary: string;
  body: Body;
  /** Path parameters (`:name` in `path`), for the few GET calls that carry them. */
  params?: Params;
  response: Response;
  /** Calls whose client reads the error from `msg` instead of `message` (spec §8). */
  errorField?: "msg";
  /**
   * Admin calls open to an admin whose session has not passed the second factor: the ones that enrol it.
   * Every other admin call needs it (docs/decisions/024).
   */
  beforeSecondFactor?: true;
}

/**
 * A call as its contract module writes it: its schemas as functions that make them. `route()` makes each
 * on first read and keeps it, so a program builds the route schemas of the calls it makes and no others
 * (schemas named on their own, such as `SignedIn`, are deferred in a browser by `schema()`). Building every route's
 * schemas as its module loaded was about a third of the bet page's module evaluation, in a browser that
 * checks only the bodies of the calls it sends (docs/decisions/025). The server reads every route's
 * schemas as it registers them, so it builds them all at start-up as before.
 */
type RouteSpec<Body extends z.ZodType | undefined, Response extends z.ZodType, Params extends z.ZodType | undefined> = Omit<
  RouteDef<Body, Response, Params>,
  "body" | "response" | "params"
> & {
  body: Body extends z.ZodType ? () => Body : undefined;
  response: () => Response;
  params?: Params extends z.ZodType ? () => Params : undefined;
};

/** `make()`, made once, on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export function route<
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<Body, Response, Params>): RouteDef<Body, Response, Params> {
  const { body, response, params, ...rest } = spec;
  const bodySchema = body ? once(body) : () => undefined;
  const responseSchema = once(response);
  const paramsSchema = params ? once(params) : () => undefined;
  return {
    ...rest,
    get body() {
      return bodySchema() as Body;
    },
    get response() {
      return responseSchema();
    },
    get params() {
      return paramsSchema() as Params;
    },
  };
}

export type BodyOf<R extends RouteDef> = R["body"] extends z.ZodType ? z.input<R["body"]> : undefined;
export type ResponseOf<R extends RouteDef> = z.output<R["response"]>;

/** The concrete path of a call, with its `:name` parameters filled in. */
export function pathOf(def: RouteDef, params?: Record<string, string | number>): string {
  return def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}
