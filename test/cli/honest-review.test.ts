// #27 rows 1 and 2 as a user meets them: a review that examined nothing or part says so (no
// all-clear), and with no key for OpenAI's own URL nothing is sent at all.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { sh } from "../support/git-fixture.js";
import { startModelServer, type ModelServer } from "../support/model-server.js";
import { runCli } from "./support/cli.js";

/** Words that read as a verdict on the code. */
const VERDICT = /no findings|no problems|no issues|looks good|lgtm|all good/i;
const GUARD = pathToFileURL(join(import.meta.dirname, "support", "connections.mjs")).href;
const NO_MODEL =
  "rivumi: no model configured: OPENAI_API_KEY is not set and OPENAI_BASE_URL is https://api.openai.com/v1, which needs a key; nothing was sent. Set OPENAI_API_KEY, or OPENAI_BASE_URL to a server that needs none (such as a local one)";

/** What a test made, removed when it ends; the tests run side by side. */
interface Scene {
  dir: string;
  model?: ModelServer;
}
const scenes: Scene[] = [];
afterAll(async () => {
  for (const scene of scenes) {
    await scene.model?.close();
    rmSync(scene.dir, { recursive: true, force: true });
  }
});

/** A checkout with two changed hunks: one edited file, one new file. */
async function repoWithWork(): Promise<Scene> {
  const scene: Scene = { dir: mkdtempSync(join(tmpdir(), "rivumi-honest-")) };
  scenes.push(scene);
  const { dir } = scene;
  await sh(dir, "init", "-q", "-b", "main");
  writeFileSync(join(dir, "app.ts"), "export const a = 1;\n");
  await sh(dir, "add", "-A");
  await sh(dir, "commit", "-q", "-m", "base");
  writeFileSync(join(dir, "app.ts"), "export const a = 2;\n");
  writeFileSync(join(dir, "new.ts"), "export const b = 3;\n");
  return scene;
}

/** The CLI in `dir` with the connection guard loaded: it records every connection, refuses all but loopback. */
function guarded(dir: string, args: string[], env: Record<string, string> = {}) {
  const connections = join(dir, "connections.log");
  const run = runCli(args, {
    // `rlm` reads its input, and writes its runs, in the working directory.
    cwd: dir,
    env: {
      RIVUMI_MEMORY_FILE: join(dir, ".memory.jsonl"),
      NODE_OPTIONS: `--import=${GUARD}`,
      RIVUMI_TEST_CONNECTIONS: connections,
      ...env,
    },
  });
  const opened = () => (existsSync(connections) ? readFileSync(connections, "utf8") : "");
  return { run, opened };
}

const lines = (text: string) => text.trim().split("\n");
type Json = {
  conclusion: string;
  review: { summary: string; findings: unknown[] };
  journal: string;
};
const endpoints = (journal: string) =>
  lines(readFileSync(journal, "utf8"))
    .map((l) => JSON.parse(l) as { type: string })
    .filter((e) => e.type === "model.endpoint");

/** A model server for `scene`, closed when the file's tests end. */
async function serve(scene: Scene, ...args: Parameters<typeof startModelServer>) {
  scene.model = await startModelServer(...args);
  return scene.model;
}

describe.concurrent("no model configured (#27 row 2)", () => {
  it.each([
    ["review, nothing set", ["review", "--base", "main"], {}],
    ["rlm", ["rlm", "--input", "app.ts", "--question", "What is in it?"], {}],
  ])(
    "%s: one line naming OPENAI_API_KEY and the URL, exit 2, nothing sent",
    async (_, args, env) => {
      const { dir } = await repoWithWork();
      const { run, opened } = guarded(dir, args, env);
      const done = await run;
      expect(done.exitCode).toBe(2);
      expect(lines(done.stderr)).toEqual([NO_MODEL]);
      expect(done.stdout).toBe("");
      // No connection was even opened, and nothing ran: no journal, no run folder.
      expect(opened()).toBe("");
      expect(existsSync(join(dir, ".rivumi"))).toBe(false);
    },
  );

  it("keeps a keyless server on another URL working, and the journal names its URL", async () => {
    const scene = await repoWithWork();
    const model = await serve(scene, [], { fallback: { content: "Bumps a, adds b." } });
    const keyless = guarded(scene.dir, ["review", "--base", "main", "--json"], {
      OPENAI_BASE_URL: model.url,
    });
    const done = await keyless.run;
    expect(done.exitCode).toBe(0);
    expect(model.requests.length).toBeGreaterThan(0);
    // The guard saw the model's connections, so it would have seen one to OpenAI's host.
    const port = new URL(model.url).port;
    expect(lines(keyless.opened())).toContain(`127.0.0.1:${port}`);
    expect(lines(keyless.opened()).every((l) => l === `127.0.0.1:${port}`)).toBe(true);
    const out = JSON.parse(done.stdout) as Json;
    expect(endpoints(out.journal)).toEqual([
      expect.objectContaining({ baseUrl: model.url, model: "gpt-4.1-mini", key: false }),
    ]);
  });
});

describe.concurrent("a review that examined nothing says so (#27 row 1)", () => {
  it("names the endpoint's failure and the ledger's counts, in --json and on stderr", async () => {
    const scene = await repoWithWork();
    const model = await serve(scene, [], { fallback: { status: 503, error: "overloaded" } });
    const { run } = guarded(scene.dir, ["review", "--base", "main", "--json"], {
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-honest-secret-4711",
    });
    const done = await run;
    expect(done.exitCode).toBe(1);
    expect(lines(done.stderr)).toHaveLength(1);
    expect(done.stderr).toMatch(/^rivumi: review failed: The model endpoint kept failing/);
    const out = JSON.parse(done.stdout) as Json;
    expect(out.conclusion).toBe("failure");
    expect(out.review.summary).toBe(
      "Not reviewed: 0 of 2 hunks were examined because the model endpoint failed.",
    );
    expect(out.review.findings).toEqual([]);
    // The journal says where the requests went and that a key was given, never the key.
    expect(endpoints(out.journal)).toEqual([
      expect.objectContaining({ baseUrl: model.url, key: true }),
    ]);
    expect(readFileSync(out.journal, "utf8")).not.toContain("sk-honest-secret-4711");
  });

  it("names the token budget at --max-tokens, in the text output", async () => {
    const scene = await repoWithWork();
    const model = await serve(scene, [], { fallback: { content: "Looks good, no issues." } });
    const { run } = guarded(scene.dir, ["review", "--base", "main", "--max-tokens", "100"], {
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-cli",
    });
    const done = await run;
    expect(done.exitCode).toBe(3);
    expect(lines(done.stderr)).toEqual([
      "rivumi: stopped at the limit set by --max-tokens; the result above is partial",
    ]);
    expect(done.stdout).toContain(
      "Not reviewed: 0 of 2 hunks were examined because the token budget (max-tokens) ran out.",
    );
    expect(done.stdout).not.toMatch(VERDICT);
    expect(model.requests).toHaveLength(0);
  });
});
