/**
 * For `npm run bench:web`: the app as players reach it in production, through a TLS reverse proxy that
 * speaks HTTP/2 to the browser (one connection, every request multiplexed) and HTTP/1.1 to the app. A
 * self-signed certificate made with openssl for 127.0.0.1; the measuring Chromium is told to accept it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createSecureServer, constants } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Headers that belong to one hop (RFC 9113 §8.2.2) and may not be sent on an HTTP/2 stream. */
const HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host"]);

export async function h2Front(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "lotto-h2-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    const key = readFileSync(join(dir, "key.pem"));
    const cert = readFileSync(join(dir, "cert.pem"));
    const app = new URL(target);
    const server = createSecureServer({ key, cert, allowHTTP1: false }, (req, res) => {
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(":") && !HOP.has(k) && v !== undefined) headers[k] = v;
      headers.host = app.host;
      const upstream = request({ host: app.hostname, port: app.port, method: req.method, path: req.url, headers }, (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(answer.headers)) if (!HOP.has(k) && v !== undefined) out[k] = v;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      });
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(constants.HTTP_STATUS_BAD_GATEWAY);
        res.end();
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return {
      url: `https://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
