// A worker for connection-router.test.ts: an HTTP server fed by takeHandedConnections that answers with
// what it read of each request, and 408 to one whose headers do not end in time. Busy for 300 ms whenever a connection arrives, as a loaded worker is.
import http from "node:http";
import { takeHandedConnections } from "./connection-router";

process.on("message", () => {
  const until = Date.now() + 300;
  while (Date.now() < until);
});
// Short limits on slow headers, checked often: the test sees Node's check run in a worker that never listens.
const server = http.createServer({ headersTimeout: 1500, requestTimeout: 3000, connectionsCheckingInterval: 100 }, (request, response) => {
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify({ url: request.url, host: request.headers.host, extra: request.headers["x-extra"] ?? null }));
});
takeHandedConnections(server);
process.send!("ready");
