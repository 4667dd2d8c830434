import type { z } from "zod";

export type Access = "public" | "player" | "admin";

/** One call of the API: the server registers it and the browser calls it from this one definition. */
export interface RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: "GET" | "POST";
  path: string;
  access: Access;
  summary: string;
  body: Body;
  response: Response;
  /** Calls whose client reads the error from `msg` instead of `message` (spec §8). */
  errorField?: "msg";
}

export function route<Body extends z.ZodType | undefined, Response extends z.ZodType>(
  def: RouteDef<Body, Response>,
): RouteDef<Body, Response> {
  return def;
}

export type BodyOf<R extends RouteDef> = R["body"] extends z.ZodType ? z.input<R["body"]> : undefined;
export type ResponseOf<R extends RouteDef> = z.output<R["response"]>;
