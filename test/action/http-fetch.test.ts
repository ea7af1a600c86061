import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFetch } from "../../src/action/http-fetch.js";
import { actionNode, ROOT } from "../support/action-run.js";

const execFileAsync = promisify(execFile);

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const handler = routes.get(new URL(req.url ?? "/", "http://x").pathname);
      if (handler) handler(req, Buffer.concat(chunks).toString(), res);
      else res.writeHead(404).end("missing");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("httpFetch", () => {
  it("sends the method, headers and body, and answers as fetch does", async () => {
    routes.set("/echo", (req, body, res) => {
      res.writeHead(201, "Made", { "content-type": "application/json", "x-two": ["a", "b"] });
      res.end(
        JSON.stringify({
          method: req.method,
          body,
          length: req.headers["content-length"],
          auth: req.headers.authorization,
        }),
      );
    });
    const res = await httpFetch(`${base}/echo?q=1`, {
      method: "post",
      headers: { authorization: "token t", "content-type": "application/json" },
      body: '{"é":1}',
    });
    expect(res.status).toBe(201);
    expect(res.statusText).toBe("Made");
    expect(res.ok).toBe(true);
    expect(res.url).toBe(`${base}/echo?q=1`);
    expect(res.headers.get("x-two")).toBe("a, b");
    expect(await res.json()).toEqual({
      method: "POST",
      body: '{"é":1}',
      length: "8",
      auth: "token t",
    });
  });

  it("decodes a gzip body and gives no body for a 204", async () => {
    routes.set("/zipped", (req, _body, res) => {
      expect(req.headers["accept-encoding"]).toContain("gzip");
      res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("unzipped text"));
    });
    routes.set("/empty", (_req, _body, res) => res.writeHead(204).end());
    expect(await (await httpFetch(`${base}/zipped`)).text()).toBe("unzipped text");
    const empty = await httpFetch(new URL(`${base}/empty`), { method: "PATCH" });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it("follows redirects: a 303 becomes a GET, another origin gets no credentials", async () => {
    routes.set("/moved", (_req, _body, res) => res.writeHead(303, { location: "/landed" }).end());
    routes.set("/landed", (req, body, res) =>
      res.end(`${req.method} ${body} ${req.headers.authorization ?? "-"}`),
    );
    routes.set("/away", (_req, _body, res) =>
      res.writeHead(307, { location: `${base.replace("127.0.0.1", "localhost")}/landed` }).end(),
    );
    const res = await httpFetch(`${base}/moved`, {
      method: "POST",
      body: "x",
      headers: { authorization: "a" },
    });
    expect(await res.text()).toBe("GET  a");
    expect(res.redirected).toBe(true);
    expect(res.url).toBe(`${base}/landed`);
    const away = await httpFetch(`${base}/away`, {
      method: "PUT",
      body: "y",
      headers: { authorization: "a" },
    });
    expect(await away.text()).toBe("PUT y -");
  });

  it("rejects with the signal's reason on an abort, and as fetch does when nothing answers", async () => {
    routes.set("/slow", (_req, _body, res) => setTimeout(() => res.end("late"), 2_000));
    const reason = new Error("stop");
    const controller = new AbortController();
    const asked = httpFetch(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    await expect(asked).rejects.toBe(reason);
    await expect(httpFetch(`${base}/slow`, { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
    const timedOut = await httpFetch(`${base}/slow`, { signal: AbortSignal.timeout(20) }).catch(
      (e: unknown) => e,
    );
    expect((timedOut as Error).name).toBe("TimeoutError");
    const refused = await httpFetch("http://127.0.0.1:1/").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as Error).message).toBe("fetch failed");
    expect(String((refused as Error & { cause: Error }).cause.message)).toMatch(/ECONNREFUSED/);
  });

  it("leaves to the platform's fetch what it does not cover: a manual redirect", async () => {
    routes.set("/manual", (_req, _body, res) => res.writeHead(302, { location: "/landed" }).end());
    const res = await httpFetch(`${base}/manual`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/landed");
  });
});

describe("httpFetch over TLS", () => {
  it("checks the server's certificate as fetch does: a self-signed one is refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rivumi-tls-"));
    try {
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "1",
          "-subj",
          "/CN=127.0.0.1",
          "-keyout",
          join(dir, "key.pem"),
          "-out",
          join(dir, "cert.pem"),
        ],
        { stdio: "ignore" },
      );
      const tls = createHttpsServer(
        { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
        (_req, res) => res.end("secret"),
      );
      await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
      try {
        const address = tls.address();
        const url = `https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
        const ours = await httpFetch(url).then(
          () => undefined,
          (e: unknown) => e,
        );
        const theirs = await fetch(url).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(theirs).toBeInstanceOf(TypeError);
        expect(ours).toBeInstanceOf(TypeError);
        expect((ours as TypeError).message).toBe("fetch failed");
        expect(((ours as TypeError).cause as { code?: string }).code).toBe(
          "DEPTH_ZERO_SELF_SIGNED_CERT",
        );
      } finally {
        tls.closeAllConnections();
        await new Promise<void>((resolve) => tls.close(() => resolve()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Node 24's built-in proxy support: with NODE_USE_ENV_PROXY=1 the global http and https agents
// send requests through HTTP_PROXY / HTTPS_PROXY, minding NO_PROXY
// (https://nodejs.org/api/http.html#built-in-proxy-support).
describe("httpFetch behind a proxy", () => {
  it("goes through HTTP_PROXY when the job sets NODE_USE_ENV_PROXY, as the README says", async () => {
    const seen: string[] = [];
    const proxy = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end("through the proxy");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const address = proxy.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const script = `import { httpFetch } from ${JSON.stringify(new URL("../../src/action/http-fetch.ts", import.meta.url).href)};
const res = await httpFetch("http://localhost:9/repos/acme/widgets");
process.stdout.write(await res.text());`;
      const { stdout } = await execFileAsync(
        actionNode(),
        ["--import", "tsx", "--input-type=module", "-e", script],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? "",
            NODE_USE_ENV_PROXY: "1",
            HTTP_PROXY: `http://127.0.0.1:${port}`,
          },
        },
      );
      expect(stdout).toBe("through the proxy");
      expect(seen).toEqual(["GET http://localhost:9/repos/acme/widgets"]);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
