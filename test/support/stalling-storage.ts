// A log storage on loopback that misbehaves the ways a real blob host can: it accepts the
// connection and never answers, or answers and stalls after a few bytes, or sends a byte now and
// then forever. The fake GitHub's job-log redirect points at it with `logUrl`.
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type StallMode =
  /** The connection is accepted; no status line ever comes. */
  | { kind: "silent" }
  /** A 200 with `text`, then nothing more, the response never ended. */
  | { kind: "stall-after"; text: string }
  /** A 200, then one byte every `everyMs`, never ending. */
  | { kind: "drip"; everyMs: number };

export interface StallingStorage {
  /** A signed-looking URL whose requests behave as `mode`. */
  url(mode: StallMode): string;
  /** Requests received, by URL path. */
  readonly requests: string[];
  /** Connections open now. */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startStallingStorage(): Promise<StallingStorage> {
  const modes = new Map<string, StallMode>();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    requests.push(path);
    const mode = modes.get(path);
    if (!mode) {
      res.writeHead(404).end();
      return;
    }
    if (mode.kind === "silent") return;
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    if (mode.kind === "stall-after") {
      res.write(mode.text);
      return;
    }
    const timer = setInterval(() => res.write("."), mode.everyMs);
    timers.add(timer);
    res.on("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  server.on("connection", (socket) => {
    socket.unref();
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.unref();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    url(mode) {
      const path = `/logs/${++next}-${mode.kind}`;
      modes.set(path, mode);
      return `${origin}${path}?sig=unused`;
    },
    requests,
    openConnections: () => sockets.size,
    close() {
      for (const timer of timers) clearInterval(timer);
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
    },
  };
}
