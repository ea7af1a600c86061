import { build } from "esbuild";
import { execa } from "execa";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createFileStore,
  MemoryStoreError,
  parseStore,
  type MemoryRecord,
} from "../../../src/context/memory/index.js";

// The writer processes run one bundle of the worker under plain Node: eight tsx start-ups
// transformed the same sources eight times over, for most of this file's time.
let bundleDir = "";
let WORKER = "";
beforeAll(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), "rivumi-append-worker-"));
  WORKER = join(bundleDir, "append-worker.mjs");
  await build({
    entryPoints: [join(import.meta.dirname, "append-worker.ts")],
    outfile: WORKER,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // As the CLI's own bundle does: CommonJS dependencies call require.
    banner: {
      js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
    },
    logLevel: "silent",
  });
});
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));
let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-memory-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entry = (id: string): MemoryRecord => ({
  v: 1,
  id,
  type: "project-fact",
  text: `text of ${id}`,
  user: "alice",
  project: "acme/widgets",
  created_at: "2025-01-01T00:00:00.000Z",
});

describe("the local file store", () => {
  it("loses, interleaves and repeats nothing with many writer processes at once", async () => {
    const file = join(dir, "deep", "er", "memory.jsonl");
    const writers = 8;
    const rounds = 15;
    const children = Array.from({ length: writers }, (_, w) =>
      execa(process.execPath, [WORKER, file, `writer${w}`, String(rounds)], {
        cwd: join(import.meta.dirname, "..", "..", ".."),
      }),
    );
    // The writers start at different moments; release them all at once. A writer that fails
    // before it is ready fails the test now, not at the timeout.
    const early: { failure?: Error } = {};
    for (const child of children) child.catch((error: Error) => (early.failure ??= error));
    const ready = () =>
      existsSync(dirname(file)) &&
      readdirSync(dirname(file)).filter((f) => f.includes(".ready-")).length === writers;
    while (!ready()) {
      if (early.failure) throw early.failure;
      await new Promise((r) => setTimeout(r, 20));
    }
    const started = Date.now();
    writeFileSync(`${file}.go`, "");
    await Promise.all(children);
    const text = readFileSync(file, "utf8");
    const lines = text.split("\n");
    expect(lines.at(-1)).toBe("");
    const { rows, skipped } = parseStore(text);
    // Every line is a whole row: nothing interleaved, nothing dropped, nothing written twice.
    expect(skipped).toBe(0);
    expect(lines.length - 1).toBe(rows.length);
    const unique = rows.filter((r) => !r.id.startsWith("m-shared"));
    expect(unique).toHaveLength(writers * rounds);
    for (let w = 0; w < writers; w++) {
      for (let i = 0; i < rounds; i++) {
        expect(
          unique.some((r) => r.type !== "forget" && r.text.startsWith(`writer${w} #${i} `)),
        ).toBe(true);
      }
    }
    expect(
      rows
        .filter((r) => r.id.startsWith("m-shared"))
        .map((r) => r.id)
        .sort(),
    ).toEqual(Array.from({ length: rounds }, (_, i) => `m-shared${i}`).sort());
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l)))).toBeGreaterThan(4096);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    console.info(
      `local store: ${writers} processes, ${rows.length} rows, ${Date.now() - started} ms`,
    );
  }, 60_000);

  it("appends after a truncated last line on a line of its own, and never rewrites it", async () => {
    const file = join(dir, "memory.jsonl");
    const broken = '{"v":1,"id":"m-cut","type":"proj';
    writeFileSync(file, broken);
    const store = createFileStore(file);
    expect(await store.append(entry("m-next"))).toEqual({ attempts: 1, duplicate: false });
    const text = readFileSync(file, "utf8");
    expect(text.startsWith(`${broken}\n`)).toBe(true);
    expect(parseStore(text)).toMatchObject({ skipped: 1, rows: [entry("m-next")] });
  });

  it("writes a row once when its id is already there", async () => {
    const store = createFileStore(join(dir, "memory.jsonl"));
    await store.append(entry("m-once"));
    expect(await store.append(entry("m-once"))).toEqual({ attempts: 1, duplicate: true });
    expect(parseStore(await store.read()).rows).toHaveLength(1);
  });

  it("waits for another writer's lock before it reads and appends", async () => {
    const file = join(dir, "memory.jsonl");
    writeFileSync(`${file}.lock`, "4242\n");
    const pending = createFileStore(file).append(entry("m-waited"));
    await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(file)).toBe(false);
    // The other writer appends the same row and lets go: ours finds it and writes nothing.
    writeFileSync(file, `${JSON.stringify(entry("m-waited"))}\n`);
    rmSync(`${file}.lock`);
    expect(await pending).toEqual({ attempts: 1, duplicate: true });
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(parseStore(readFileSync(file, "utf8")).rows).toHaveLength(1);
  });

  it("takes over a lock left by a writer that died, and waits a bounded time for a live one", async () => {
    const file = join(dir, "memory.jsonl");
    writeFileSync(`${file}.lock`, "12345\n");
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    await createFileStore(file).append(entry("m-after-crash"));
    expect(parseStore(readFileSync(file, "utf8")).rows).toHaveLength(1);

    writeFileSync(`${file}.lock`, "67890\n");
    const error = await createFileStore(file, { lockTimeoutMs: 100 })
      .append(entry("m-blocked"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryStoreError);
    expect((error as MemoryStoreError).code).toBe("locked");
    expect((error as Error).message).toContain(`${file}.lock`);
    expect(parseStore(readFileSync(file, "utf8")).rows).toHaveLength(1);
  });
});
