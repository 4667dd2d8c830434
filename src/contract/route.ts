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
   * Every other admin call needs it (issue 17).
   */
  beforeSecondFactor?: true;
}

export function route<Body extends z.ZodType | undefined, Response extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  def: RouteDef<Body, Response, Params>,
): RouteDef<Body, Response, Params> {
  return def;
}

export type BodyOf<R extends RouteDef> = R["body"] extends z.ZodType ? z.input<R["body"]> : undefined;
export type ResponseOf<R extends RouteDef> = z.output<R["response"]>;

/** The concrete path of a call, with its `:name` parameters filled in. */
export function pathOf(def: RouteDef, params?: Record<string, string | number>): string {
  return def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}
