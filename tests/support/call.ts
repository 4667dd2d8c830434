import type { FastifyInstance } from "fastify";
import { type BodyOf, pathOf, type ResponseOf, type RouteDef } from "../../src/contract/route";

/** An answer of a call: its contract's response when it succeeded, the error body otherwise. */
export type Answer<R extends RouteDef> =
  | { ok: true; statusCode: number; body: ResponseOf<R> }
  | { ok: false; statusCode: number; body: { status: string; message?: string; msg?: string } };

/**
 * Calls a route by its contract, as the browser does: the body is typed by the contract and a 2xx answer
 * is checked against the contract's response (a shape the server does not keep fails the test).
 */
export async function call<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  body: BodyOf<R>,
  token?: string,
  options: { params?: Record<string, string | number>; headers?: Record<string, string> } = {},
): Promise<Answer<R>> {
  const res = await app.inject({
    method: def.method,
    url: pathOf(def, options.params),
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
  });
  const json: unknown = res.json();
  if (res.statusCode >= 200 && res.statusCode < 300) {
    return { ok: true, statusCode: res.statusCode, body: def.response.parse(json) as ResponseOf<R> };
  }
  return { ok: false, statusCode: res.statusCode, body: json as { status: string; message?: string } };
}
