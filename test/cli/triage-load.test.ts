// `rivumi triage --log` calls no model: it should not pay for loading the model client (openai)
// or the settings schemas (zod), which were most of its start-up (issue #28).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-load-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HOOK = fileURLToPath(new URL("./support/record-loads.mjs", import.meta.url));
const LOG = fileURLToPath(new URL("../triage/fixtures/jest.log", import.meta.url));

/** The bundle's files the command loaded, with their text. */
async function loadedChunks(args: string[]): Promise<Map<string, string>> {
  const list = join(dir, `loads-${args[0]}-${Math.random()}.txt`);
  const run = await runCli(args, {
    cwd: dir,
    env: { NODE_OPTIONS: `--import=${HOOK}`, RIVUMI_RECORD_LOADS: list },
  });
  expect(run.exitCode, run.stderr).toBe(0);
  const urls = readFileSync(list, "utf8")
    .split("\n")
    .filter((u) => u.includes("/dist/"));
  return new Map(urls.map((u) => [u, readFileSync(fileURLToPath(u), "utf8")]));
}

// Strings each library's code holds, minified or not: zod's issue code, openai's client headers.
const ZOD = '"invalid_type"';
const OPENAI = "X-Stainless-Lang";

describe("what rivumi triage --log loads", () => {
  it("loads neither zod nor the openai SDK", async () => {
    const chunks = await loadedChunks(["triage", "--log", LOG, "--json"]);
    expect(chunks.size).toBeGreaterThan(2);
    for (const [url, text] of chunks) {
      expect(text.includes(ZOD), `${url} holds zod`).toBe(false);
      expect(text.includes(OPENAI), `${url} holds the openai SDK`).toBe(false);
    }
  });

  it("sees them where a command does load them (the markers are right)", async () => {
    const chunks = [...(await loadedChunks(["review", "--help"])).values()];
    expect(chunks.some((t) => t.includes(ZOD))).toBe(true);
    // the SDK loads with the first model client, which no --help creates: it is in the bundle
    const bundle = join(fileURLToPath(new URL("../../dist/chunks", import.meta.url)));
    const all = readdirSync(bundle).map((f) => readFileSync(join(bundle, f), "utf8"));
    expect(all.filter((t) => t.includes(OPENAI))).toHaveLength(1);
  });
});
