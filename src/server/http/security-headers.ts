import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

/** The site's security headers: helmet's, with the Content-Security-Policy the pages need. */
export function siteHelmet() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes and injects its CSS variables in a <style> tag.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers a helmet middleware sets, worked out once: it is run against a response that records them.
 * They do not depend on the request (no nonce, no per-request option), so every reply gets the same set
 * from memory (docs/decisions/070). A middleware that reads the request or the response, does not finish
 * at once, or sets different values on a second run (a value made afresh each time) stops the start.
 */
export function headersOf(middleware: Middleware): Readonly<Record<string, string>> {
  const first = recordOnce(middleware);
  const second = recordOnce(middleware);
  if (JSON.stringify(first) !== JSON.stringify(second)) {
    throw new Error("security headers: the middleware set different values on two runs, so they may differ between requests");
  }
  return Object.freeze(first);
}

function recordOnce(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
      return recorder;
    },
    // helmet removes X-Powered-By, which Fastify never sends.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const response = new Proxy(recorder, {
    get(target, key) {
      if (key in target) return target[key as keyof typeof target];
      throw new Error(`security headers: the middleware read response.${String(key)}, so its headers may depend on the request`);
    },
  });
  const request = new Proxy({} as IncomingMessage, {
    get(_target, key) {
      throw new Error(`security headers: the middleware read request.${String(key)}, so its headers may depend on the request`);
    },
  });
  let finished = false;
  middleware(request, response as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error("security headers: the middleware did not finish at once");
  return headers;
}
