import { execa } from "execa";
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { ROOT } from "../support/action-run.js";
import { makeTempGit, type TempGit } from "../support/temp-git.js";

const CLI = join(ROOT, "dist", "cli.js");
let repo: TempGit | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const cli = (args: string[], cwd: string) =>
  execa(process.execPath, [CLI, ...args], {
    cwd,
    reject: false,
    env: { XDG_CONFIG_HOME: "/nonexistent", RIVUMI_MEMORY_FILE: join(cwd, ".no-memory.jsonl") },
  });

async function nested(): Promise<TempGit> {
  repo = await makeTempGit();
  await repo.write("AGENTS.md", "root rules\n");
  await repo.write("src/RIVUMI.md", "src rivumi rules\n");
  await repo.write("src/AGENTS.md", "src agents rules\n");
  await repo.write("src/api/AGENTS.md", "api rules\n");
  await repo.write("docs/guide.md", "no rules here\n");
  await repo.commit("rules");
  return repo;
}

describe("rivumi instructions", () => {
  it("prints the documented JSON shape for nested documents", async () => {
    const r = await nested();
    const run = await cli(["instructions", "--dir", "src/api", "--dir", "docs", "--json"], r.root);
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout);
    expect(out).toEqual({
      directories: [
        { dir: "docs", active: "AGENTS.md" },
        { dir: "src/api", active: "src/api/AGENTS.md" },
      ],
      documents: [
        {
          path: "AGENTS.md",
          layer: "project",
          status: "active",
          bytes: 11,
          sha256: sha("root rules\n"),
          governs: ["docs"],
        },
        {
          path: "src/RIVUMI.md",
          layer: "project",
          status: "suppressed",
          reason: "overridden",
          by: ["src/api/AGENTS.md"],
          bytes: 17,
          sha256: sha("src rivumi rules\n"),
          governs: [],
        },
        {
          path: "src/AGENTS.md",
          layer: "project",
          status: "suppressed",
          reason: "shadowed",
          by: ["src/RIVUMI.md"],
          bytes: 17,
          sha256: sha("src agents rules\n"),
          governs: [],
        },
        {
          path: "src/api/AGENTS.md",
          layer: "project",
          status: "active",
          bytes: 10,
          sha256: sha("api rules\n"),
          governs: ["src/api"],
        },
      ],
      truncated: false,
      layering: "override",
    });
  });

  it("stacks every layer from the root down with --instructions-layering stack", async () => {
    const r = await nested();
    const args = ["instructions", "--instructions-layering", "stack", "--dir", "src/api"];
    const table = await cli(args, r.root);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^src\/api +AGENTS\.md, src\/RIVUMI\.md, src\/api\/AGENTS\.md$/m);
    const json = JSON.parse((await cli([...args, "--json"], r.root)).stdout);
    expect(json.layering).toBe("stack");
    expect(json.documents.map((d: { status: string }) => d.status)).toEqual([
      "active",
      "active",
      "suppressed",
      "active",
    ]);
    const context = await cli(["context", ...args.slice(1)], r.root);
    expect(context.exitCode, context.stderr).toBe(0);
    expect(context.stdout.indexOf("root rules")).toBeLessThan(context.stdout.indexOf("api rules"));
    expect(context.stdout).toContain("where two disagree the deeper");
    const bad = await cli(["instructions", "--instructions-layering", "merge"], r.root);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe("rivumi: --instructions-layering merge: expected override or stack");
  });

  it("defaults to the current directory and prints a readable table", async () => {
    const r = await nested();
    const run = await cli(["instructions"], join(r.root, "src"));
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("src/RIVUMI.md");
    expect(run.stdout).toMatch(/shadowed/);
  });

  it("reads a revision when --ref is given, not the working tree", async () => {
    const r = await nested();
    await r.write("AGENTS.md", "uncommitted rules\n");
    const atHead = JSON.parse(
      (await cli(["instructions", "--ref", "HEAD", "--json"], r.root)).stdout,
    );
    expect(atHead.documents[0].sha256).toBe(sha("root rules\n"));
    const worktree = JSON.parse((await cli(["instructions", "--json"], r.root)).stdout);
    expect(worktree.documents[0].sha256).toBe(sha("uncommitted rules\n"));
  });
});

describe("rivumi context", () => {
  it("prints every section with its metadata and the full system prompt", async () => {
    const r = await nested();
    const json = JSON.parse((await cli(["context", "--dir", "src/api", "--json"], r.root)).stdout);
    expect(json.sections.map((s: { id: string }) => s.id)).toEqual([
      "core",
      "tools",
      "interaction",
      "runtime",
      "instructions",
      "skills",
      "workspace",
      "memory",
    ]);
    expect(json.sections.find((s: { id: string }) => s.id === "instructions").sources).toEqual([
      "src/api/AGENTS.md",
    ]);
    expect(json.system).toContain("api rules");
    expect(json.system).not.toContain("root rules");
    const text = await cli(["context", "--dir", "src/api"], r.root);
    expect(text.stdout).toMatch(/instructions\s+v1\s+dynamic/);
    expect(text.stdout).toContain("----- system prompt -----");
  });

  it("shows the prompts of a large review: a child's with only its directories' rules, and the merge's", async () => {
    const r = await nested();
    const child = JSON.parse(
      (await cli(["context", "--dir", "src/api", "--prompt", "review-child", "--json"], r.root))
        .stdout,
    );
    expect(child.sections.map((s: { id: string }) => s.id)).toEqual([
      "review-child",
      "instructions",
    ]);
    expect(child.system).toContain("api rules");
    expect(child.system).not.toContain("root rules");
    const docs = JSON.parse(
      (await cli(["context", "--dir", "docs", "--prompt", "review-child", "--json"], r.root))
        .stdout,
    );
    expect(docs.system).not.toContain("api rules");
    const merge = JSON.parse(
      (await cli(["context", "--prompt", "review-merge", "--json"], r.root)).stdout,
    );
    expect(merge.sections.map((s: { id: string }) => s.id)).toEqual(["review-merge"]);
    expect(merge.cache_key).not.toBe(child.cache_key);
    const bad = await cli(["context", "--prompt", "rlm"], r.root);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--prompt rlm: expected one of loop, review-child, review-merge/);
  });
});
