// The README's way to put `rivumi` on the PATH, done as written: `npm pack`, then `npm install -g`
// of the tarball into a temporary prefix (offline: the package installs no dependencies), then
// the installed command run under the oldest Node the package claims. `rivumi rlm` proves that
// driver.py ships beside the installed bundle and is found there; `rivumi demo` that the bundled
// action ships beside it too and runs with nothing but the package.
import { execa } from "execa";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/action-run.js";
import { startModelServer } from "../support/model-server.js";
import { cliNode } from "./support/cli.js";

let dir = "";
let prefix = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-pack-"));
  prefix = join(dir, "prefix");
  const packed = await execa("npm", ["pack", "--pack-destination", dir, "--json"], { cwd: ROOT });
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  await execa(
    "npm",
    [
      "install",
      "-g",
      "--prefix",
      prefix,
      "--offline",
      "--no-audit",
      "--no-fund",
      join(dir, filename),
    ],
    { cwd: dir },
  );
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `rivumi ARGS` found on the PATH, as a user who installed it would run it. */
const rivumi = (args: string[], env: Record<string, string> = {}) =>
  execa("rivumi", args, {
    cwd: dir,
    reject: false,
    extendEnv: false,
    env: {
      PATH: [join(prefix, "bin"), dirname(cliNode()), process.env.PATH ?? ""].join(delimiter),
      HOME: dir,
      ...env,
    },
  });

describe("npm pack, then npm install -g of the tarball", () => {
  it("installs the bundle alone: no dependencies, no sources", () => {
    const installed = join(prefix, "lib", "node_modules", "rivumi");
    expect(existsSync(join(installed, "dist", "cli.js"))).toBe(true);
    expect(existsSync(join(installed, "dist", "driver.py"))).toBe(true);
    expect(existsSync(join(installed, "node_modules"))).toBe(false);
    expect(readdirSync(installed).sort()).toEqual(["README.md", "dist", "package.json"]);
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    expect(manifest.dependencies).toBeUndefined();
  });

  it("puts rivumi on the PATH", async () => {
    const run = await rivumi(["--help"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^usage: rivumi <command>/);
    // The command ran under the oldest Node that "engines" claims, found first on the PATH.
    const version = await execa("node", ["--version"], {
      env: { PATH: [dirname(cliNode()), process.env.PATH ?? ""].join(delimiter) },
    });
    const claimed = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines.node;
    expect(claimed).toBe(">=22");
    if (!process.env.RIVUMI_CLI_NODE) expect(version.stdout).toBe("v22.0.0");
  });

  it("runs rivumi demo outside any repository, offline, and keeps files that replay works on", async () => {
    const outside = mkdtempSync(join(dir, "not-a-repo-"));
    const demo = await execa("rivumi", ["demo"], {
      cwd: outside,
      reject: false,
      extendEnv: false,
      // No OPENAI_* variables: the demo needs no endpoint and no key.
      env: {
        PATH: [join(prefix, "bin"), dirname(cliNode()), process.env.PATH ?? ""].join(delimiter),
        HOME: dir,
      },
    });
    expect(demo.stderr).toBe("");
    expect(demo.exitCode).toBe(0);
    const lines = demo.stdout.split("\n");
    expect(lines[0]).toBe(
      "Model: demo-scripted-model (canned replies from 127.0.0.1; no endpoint, no key; tokens estimated)",
    );
    expect(demo.stdout).toContain("=== the comment on acme/widgets#7 (as text) ===");
    expect(demo.stdout).toContain("#### Findings (2): 1 major · 1 minor");
    expect(demo.stdout).toContain("2 posted [on their lines]");
    expect(demo.stdout).toContain("## Rivumi: done");
    const out = join(outside, ".rivumi", "demo");
    for (const name of ["journal.jsonl", "requests.jsonl", "result.json", "journal.html"])
      expect(demo.stdout).toContain(join(out, name));
    expect(JSON.parse(readFileSync(join(out, "result.json"), "utf8"))).toMatchObject({
      conclusion: "success",
      review: {
        findings: [
          { path: "src/retry.ts", line: 2 },
          { path: "src/retry.ts", line: 9 },
        ],
      },
    });
    // The page shows the prompts, read from requests.jsonl: the PR's title is in no journal event.
    expect(readFileSync(join(out, "journal.jsonl"), "utf8")).not.toContain("Make the answer 42");
    expect(readFileSync(join(out, "journal.html"), "utf8")).toContain("Make the answer 42");
    // Replay sends the three recorded root requests to another endpoint.
    const model = await startModelServer([], { fallback: { content: "fine" } });
    try {
      const replay = await rivumi(
        ["journal", "replay", join(out, "journal.jsonl"), "--base-url", model.url, "--model", "m"],
        { OPENAI_API_KEY: "sk-pack" },
      );
      expect(replay.stderr).toBe("");
      expect(replay.exitCode).toBe(0);
      expect(model.requests).toHaveLength(3);
    } finally {
      await model.close();
    }
  });

  it("runs rivumi rlm, which needs driver.py beside the installed bundle", async () => {
    const model = await startModelServer([
      { content: '```repl\nhits = search(r"ERROR")\nprint(hits[0]["line"])\n```' },
      { content: '```repl\nfinalize(f"line {hits[0][\'line\']}", confidence="high")\n```' },
    ]);
    try {
      writeFileSync(join(dir, "build.log"), "ok\n".repeat(300) + "ERROR: disk full\n");
      const run = await rivumi(
        ["rlm", "--input", "build.log", "--question", "Why did it fail?", "--json"],
        { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: "sk-pack", RIVUMI_MODEL: "m" },
      );
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ answer: "line 301", confidence: "high" });
      model.assertDone();
    } finally {
      await model.close();
    }
  });
});
