import { describe, expect, it } from "vitest";
import { shouldSendCacheKey } from "../../src/context/for-run.js";
import { buildPrompt, SECTIONS } from "../../src/prompt/build.js";
import type { PromptContext } from "../../src/prompt/section.js";

const base: PromptContext = {
  date: "2026-11-29",
  repository: "acme/widgets",
  event: "pull_request",
  pr: 7,
  base: "a".repeat(40),
  head: "b".repeat(40),
  model: "m1",
  budgets: { maxTurns: 30, maxTokens: 400_000, timeoutMinutes: 20, maxCostUsd: undefined },
  trusted: true,
  purpose: "review",
  nonce: "Zq8xW2mN4pR6tY1uI3oP5a",
  changedFiles: [{ path: "src/a.ts", status: "modified", additions: 1, deletions: 1 }],
  toolNames: ["read_file", "list_files", "search", "git_diff", "submit_review"],
  instructions: {
    text: "## Project instructions from AGENTS.md\nUse tabs.",
    sources: ["AGENTS.md"],
  },
  skills: [],
  memory: {
    entries: [{ id: "m-1", type: "project-fact", text: "We use pnpm." }],
    source: "memory.jsonl",
  },
};
const other: PromptContext = {
  ...base,
  date: "2027-01-02",
  pr: 99,
  nonce: "Bn7vC5xZ3lK1jH9gF8dS6a",
  base: "c".repeat(40),
  head: "d".repeat(40),
  changedFiles: [{ path: "lib/b.ts", status: "added", additions: 9, deletions: 0 }],
  instructions: {
    text: "## Project instructions from lib/AGENTS.md\nUse spaces.",
    sources: ["lib/AGENTS.md"],
  },
  memory: {
    entries: [{ id: "m-2", type: "user-preference", text: "Answer in French." }],
    source: "memory.jsonl",
  },
};

describe("buildPrompt", () => {
  it("orders the sections as the seed says and records id, version, stability, sources, bytes and hash", () => {
    const p = buildPrompt(base);
    expect(p.manifest.map((m) => m.id)).toEqual([
      "core",
      "tools",
      "interaction",
      "runtime",
      "instructions",
      "skills",
      "workspace",
      "memory",
    ]);
    expect(SECTIONS.filter((s) => s.stability === "stable").map((s) => s.id)).toEqual([
      "core",
      "tools",
      "interaction",
    ]);
    const instructions = p.manifest.find((m) => m.id === "instructions")!;
    expect(instructions).toMatchObject({
      version: 1,
      stability: "dynamic",
      sources: ["AGENTS.md"],
    });
    expect(p.manifest.find((m) => m.id === "skills")).toMatchObject({ bytes: 0 });
    expect(p.system.indexOf("Use tabs.")).toBeLessThan(p.system.indexOf("We use pnpm."));
    expect(p.system.startsWith(p.stablePrefix)).toBe(true);
  });

  it("keeps the stable prefix byte-identical across runs that differ in date, PR, SHAs, instructions and memory", () => {
    const a = buildPrompt(base);
    const b = buildPrompt(other);
    const hashes = (p: typeof a, stability: string) =>
      p.manifest.filter((m) => m.stability === stability).map((m) => m.sha256);
    expect(hashes(a, "stable")).toEqual(hashes(b, "stable"));
    expect(a.stablePrefix).toBe(b.stablePrefix);
    expect(a.cacheKey).toBe(b.cacheKey);
    for (const id of ["runtime", "instructions", "workspace", "memory"]) {
      expect(a.manifest.find((m) => m.id === id)!.sha256, id).not.toBe(
        b.manifest.find((m) => m.id === id)!.sha256,
      );
    }
    // A different configuration (another tool set) is a different prefix.
    expect(
      buildPrompt({ ...base, toolNames: [...base.toolNames, "write_file"] }).cacheKey,
    ).not.toBe(a.cacheKey);
  });
});

describe("shouldSendCacheKey", () => {
  it.each([
    ["auto", "https://api.openai.com/v1", true],
    ["auto", "http://127.0.0.1:8080/v1", false],
    ["auto", "https://openrouter.ai/api/v1", false],
    ["on", "http://127.0.0.1:8080/v1", true],
    ["off", "https://api.openai.com/v1", false],
  ] as const)("%s with %s sends: %s", (mode, url, expected) => {
    expect(shouldSendCacheKey(mode, url)).toBe(expected);
  });
});
