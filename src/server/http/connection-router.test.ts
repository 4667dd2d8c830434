import { fork } from "node:child_process";
import { once } from "node:events";
import { type AddressInfo, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionKind, routeConnections } from "./connection-router";

const head = (text: string) => Buffer.from(text, "latin1");

it("sends a live socket's upgrade to a live worker and every other request to an ordinary one", () => {
  expect(connectionKind(head("GET /api/ws/yeekee?activityid=7&after=0 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n"))).toBe("live");
  expect(connectionKind(head("GET /api/ws/games HTTP/1.1\r\n"))).toBe("live");
  expect(connectionKind(head("POST /api/ws/yeekee HTTP/1.1\r\n"))).toBe("app");
  expect(connectionKind(head("GET /api/wsx HTTP/1.1\r\n"))).toBe("app");
  expect(connectionKind(head("POST /api/post-yeekee-shoot HTTP/1.1\r\n"))).toBe("app");
  expect(connectionKind(head("GET / HTTP/1.1\r\n"))).toBe("app");
});

it("waits for the whole request line, and gives up waiting on a line too long to be a live socket's", () => {
  expect(connectionKind(head("GET /api/ws/yee"))).toBeNull();
  expect(connectionKind(head(""))).toBeNull();
  expect(connectionKind(head(`GET /${"a".repeat(9000)}`))).toBe("app");
});

describe("routeConnections", () => {
  type Handed = { kind: "live" | "app"; head: string; socket: Socket };
  const handed: Handed[] = [];
  const everyHanded: Socket[] = [];
  let workers: Array<"live" | "app"> = ["live", "app"];
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = await routeConnections({
      port: 0,
      host: "127.0.0.1",
      backlog: 16,
      headTimeoutMs: 300,
      pick: (kind) =>
        workers.includes(kind)
          ? {
              send: (m, socket) => {
                everyHanded.push(socket);
                handed.push({ kind, head: Buffer.from(m.head, "base64").toString("latin1"), socket });
              },
            }
          : null,
      onError: () => {},
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    // The router's side of each handed connection reads no more (a worker would take it): closed here.
    for (const socket of everyHanded) socket.destroy();
    return new Promise((r) => server.close(r));
  });

  const open = async () => {
    const client = connect(port, "127.0.0.1");
    await once(client, "connect");
    return client;
  };
  const handedCount = async (n: number) => {
    const end = Date.now() + 5000;
    while (handed.length < n) {
      if (Date.now() > end) throw new Error(`${handed.length} connections handed over, not ${n}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("hands a connection over once its request line is whole, with every byte it read", async () => {
    handed.length = 0;
    const client = await open();
    client.write("GET /api/ws/yee");
    await new Promise((r) => setTimeout(r, 50));
    expect(handed).toEqual([]);
    client.write("kee?activityid=1 HTTP/1.1\r\nHost: x\r\n");
    await handedCount(1);
    expect(handed[0]!.kind).toBe("live");
    expect(handed[0]!.head).toBe("GET /api/ws/yeekee?activityid=1 HTTP/1.1\r\nHost: x\r\n");
    // What the client sends next stays in the kernel for the worker: the test below, with a worker process.
    client.destroy();
  });

  it("sends a live socket to an ordinary worker when no live worker is ready, and closes a connection nobody can take", async () => {
    handed.length = 0;
    workers = ["app"];
    const client = await open();
    client.write("GET /api/ws/games HTTP/1.1\r\n");
    await handedCount(1);
    expect(handed[0]!.kind).toBe("app");
    client.destroy();
    workers = [];
    const orphan = await open();
    orphan.write("GET / HTTP/1.1\r\n");
    await once(orphan, "close");
    expect(handed).toHaveLength(1);
    workers = ["live", "app"];
  });

  it("closes a connection that sends no request line in time", async () => {
    handed.length = 0;
    const client = await open();
    client.write("GET /api");
    await once(client, "close");
    expect(handed).toEqual([]);
  });
});

describe("a connection handed to a worker process", () => {
  it("keeps every byte the client sends while the worker is busy taking connections; slow headers get 408", async () => {
    const worker = fork(new URL("./connection-router.fixture.ts", import.meta.url).pathname, [], { execArgv: ["--import", "tsx"] });
    try {
      await once(worker, "message");
      const server = await routeConnections({
        port: 0,
        host: "127.0.0.1",
        backlog: 16,
        headTimeoutMs: 5000,
        pick: () => worker,
        onError: () => {},
      });
      const port = (server.address() as AddressInfo).port;
      const ask = async (parts: string[]) => {
        const client = connect(port, "127.0.0.1");
        await once(client, "connect");
        let answer = "";
        client.on("data", (d) => (answer += d));
        for (const [i, part] of parts.entries()) {
          // The rest of the request comes while the worker is still busy with the connection before.
          if (i > 0) await new Promise((r) => setTimeout(r, 50));
          client.write(part);
        }
        await new Promise<void>((resolve, reject) => {
          client.on("data", () => answer.includes("}") && resolve());
          client.on("close", () => reject(new Error(`closed; read ${JSON.stringify(answer)}`)));
        });
        client.destroy();
        return JSON.parse(answer.slice(answer.indexOf("{"))) as unknown;
      };
      const first = ask(["GET /a HTTP/1.1\r\nHost: a\r\n\r\n"]);
      const second = ask(["GET /api/ws/b HTTP/1.1\r\n", "Host: b\r\n", "X-Extra: late\r\n\r\n"]);
      expect(await first).toEqual({ url: "/a", host: "a", extra: null });
      expect(await second).toEqual({ url: "/api/ws/b", host: "b", extra: "late" });
      // Headers that never end: the worker's server answers 408 and closes, as a listening one would.
      const slow = connect(port, "127.0.0.1");
      await once(slow, "connect");
      let read = "";
      slow.on("data", (d) => (read += d));
      slow.write("GET /slow HTTP/1.1\r\nHost: s\r\n");
      await once(slow, "close");
      expect(read).toMatch(/^HTTP\/1\.1 408/);
      server.close();
    } finally {
      worker.kill();
    }
  }, 20_000);
});
