import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync, crc32 } from "node:zlib";
import { DefaultArtifactClient } from "@actions/artifact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  makeRuntimeToken,
  readZip,
  startResultsServer,
  withProcessEnv,
  type ResultsServer,
} from "./results-server.js";

let server: ResultsServer;
let dir: string;

beforeEach(async () => {
  server = await startResultsServer();
  dir = mkdtempSync(join(tmpdir(), "rivumi-artifact-"));
});

afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function writeFiles(files: Record<string, string | Buffer>): string[] {
  return Object.entries(files).map(([rel, content]) => {
    const path = join(dir, rel);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, content);
    return path;
  });
}

describe("results server with the real @actions/artifact client", () => {
  it("receives an upload of two files and gives them back byte for byte", async () => {
    const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
    const text = "verdict: ok\nünïcödé ✓\n".repeat(50);
    const paths = writeFiles({ "report.md": text, "nested/blob.bin": binary });

    const result = await withProcessEnv(server.env(), () =>
      new DefaultArtifactClient().uploadArtifact("rivumi-report", paths, dir),
    );

    const artifact = server.artifacts.get("rivumi-report")!;
    expect(artifact.finalized).toBe(true);
    expect(result.id).toBe(artifact.id);
    expect(result.size).toBe(artifact.blob!.length);
    expect(`sha256:${result.digest}`).toBe(artifact.digest);
    expect([...artifact.files.keys()].sort()).toEqual(["nested/blob.bin", "report.md"]);
    expect(server.readArtifactFile("rivumi-report", "report.md")).toBe(text);
    expect(server.readArtifactBytes("rivumi-report", "nested/blob.bin").equals(binary)).toBe(true);

    const twirpCalls = server.requests.filter((r) => r.twirpMethod).map((r) => r.twirpMethod);
    expect(twirpCalls).toEqual(["CreateArtifact", "FinalizeArtifact"]);
    const blobCalls = server.requests.filter((r) => !r.twirpMethod);
    expect(blobCalls.map((r) => r.query["comp"])).toContain("block");
    expect(blobCalls.at(-1)!.query["comp"]).toBe("blocklist");
    expect(server.requests.every((r) => r.status >= 200 && r.status < 300)).toBe(true);

    const listed = await withProcessEnv(server.env(), () =>
      new DefaultArtifactClient().getArtifact("rivumi-report"),
    );
    expect(listed.artifact).toMatchObject({ name: "rivumi-report", id: artifact.id });
    expect(listed.artifact.digest).toBe(`sha256:${result.digest}`);
  });

  it("restores process.env after the upload", async () => {
    const before = process.env["ACTIONS_RUNTIME_TOKEN"];
    const paths = writeFiles({ "a.txt": "a" });
    await withProcessEnv(server.env(), () =>
      new DefaultArtifactClient().uploadArtifact("env-check", paths, dir),
    );
    expect(process.env["ACTIONS_RUNTIME_TOKEN"]).toBe(before);
  });

  it("refuses a second artifact with the same name, as the real service does", async () => {
    const paths = writeFiles({ "a.txt": "first" });
    const client = new DefaultArtifactClient();
    await withProcessEnv(server.env(), async () => {
      await client.uploadArtifact("same-name", paths, dir);
      writeFileSync(paths[0]!, "second");
      await expect(client.uploadArtifact("same-name", paths, dir)).rejects.toThrow(
        /409|already exists/,
      );
    });
    expect(server.readArtifactFile("same-name", "a.txt")).toBe("first");
    const conflict = server.requests.find((r) => r.status === 409)!;
    expect(conflict.twirpMethod).toBe("CreateArtifact");
  });

  it("makes the upload fail quickly when told to refuse CreateArtifact with a 4xx", async () => {
    await server.close();
    server = await startResultsServer({
      failCreateArtifact: { status: 403, code: "permission_denied", msg: "no artifacts today" },
    });
    const paths = writeFiles({ "a.txt": "a" });
    await withProcessEnv(server.env(), async () => {
      await expect(
        new DefaultArtifactClient().uploadArtifact("refused", paths, dir),
      ).rejects.toThrow(/403|no artifacts today/);
    });
    // A 4xx is not retried: one call, no backoff.
    expect(server.requests.filter((r) => r.twirpMethod === "CreateArtifact")).toHaveLength(1);
    expect(server.artifacts.size).toBe(0);

    server.failCreateArtifact(undefined);
    await withProcessEnv(server.env(), () =>
      new DefaultArtifactClient().uploadArtifact("accepted", paths, dir),
    );
    expect(server.readArtifactFile("accepted", "a.txt")).toBe("a");
  });

  it("rejects Twirp calls without the runtime token", async () => {
    const response = await fetch(
      `${server.url}/twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer nope" },
        body: JSON.stringify({ name: "x" }),
      },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthenticated" });
  });

  it("throws a helpful error when reading something that was not uploaded", () => {
    expect(() => server.readArtifactFile("missing", "a.txt")).toThrow(/no artifact named missing/);
  });
});

describe("helpers", () => {
  it("makes a token whose scope carries the backend ids", () => {
    const token = makeRuntimeToken("run-1", "job-2");
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
    expect(claims.scp).toContain("Actions.Results:run-1:job-2");
  });

  it("reads a stored and a deflated zip entry", () => {
    const entries = [
      { name: "s.txt", data: Buffer.from("stored"), method: 0 },
      { name: "d/e.txt", data: Buffer.from("deflated ".repeat(20)), method: 8 },
    ];
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const e of entries) {
      const body = e.method === 8 ? deflateRawSync(e.data) : e.data;
      const name = Buffer.from(e.name);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(e.method, 8);
      local.writeUInt32LE(crc32(e.data) >>> 0, 14);
      local.writeUInt32LE(body.length, 18);
      local.writeUInt32LE(e.data.length, 22);
      local.writeUInt16LE(name.length, 26);
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(e.method, 10);
      central.writeUInt32LE(crc32(e.data) >>> 0, 16);
      central.writeUInt32LE(body.length, 20);
      central.writeUInt32LE(e.data.length, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      locals.push(local, name, body);
      centrals.push(central, name);
      offset += local.length + name.length + body.length;
    }
    const cd = Buffer.concat(centrals);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(entries.length, 8);
    eocd.writeUInt16LE(entries.length, 10);
    eocd.writeUInt32LE(cd.length, 12);
    eocd.writeUInt32LE(offset, 16);
    const zip = Buffer.concat([...locals, cd, eocd]);

    const read = readZip(zip);
    expect(read.map((e) => [e.path, e.data.toString()])).toEqual(
      entries.map((e) => [e.name, e.data.toString()]),
    );
    const corrupt = Buffer.from(zip);
    const at = 30 + "s.txt".length; // first byte of the stored entry's data
    corrupt.writeUInt8(corrupt.readUInt8(at) ^ 0xff, at);
    expect(() => readZip(corrupt)).toThrow(/CRC/);
  });
});
