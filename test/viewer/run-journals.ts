// Journals of every kind of run. Events of this version are typed, so the fixtures follow the
// union; events a later version may add (review.findings, review.coverage, triage.*) are plain.
import type { AnyEvent } from "../journal/fixtures.js";

export const usage = (promptTokens: number, completionTokens: number, cachedTokens = 0) => ({
  promptTokens,
  completionTokens,
  cachedTokens,
});

const hash = (c: string) => c.repeat(64);

export function reviewJournal(): AnyEvent[] {
  return [
    {
      type: "run.started",
      version: "0.1.0",
      event: "pull_request",
      runId: "77",
      attempt: "1",
      mode: "action",
    },
    {
      type: "trigger.parsed",
      kind: "pull_request",
      detail: {
        event: "pull_request",
        action: "opened",
        number: 42,
        author: "alice",
        head: "3f2a9c1e5b7d4a6f8e0c2b4d6f8a0c2e4b6d8f0a",
        base: "9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c",
        fork: false,
      },
    },
    {
      type: "plan.decided",
      action: "review",
      trusted: true,
      reason: "alice has write access",
      permission: "write",
    },
    {
      type: "workspace.created",
      path: "/tmp/ws",
      head: hash("h"),
      base: hash("b"),
      source: "fresh-clone",
      ms: 420,
    },
    {
      type: "instructions.resolved",
      from: "base",
      diagnostics: {
        directories: [{ dir: "src", active: "src/AGENTS.md" }],
        documents: [
          {
            path: "AGENTS.md",
            layer: "project",
            status: "suppressed",
            reason: "overridden",
            by: ["src/AGENTS.md"],
            bytes: 12,
            sha256: hash("a"),
            governs: [],
          },
          {
            path: "src/AGENTS.md",
            layer: "project",
            status: "active",
            bytes: 40,
            sha256: hash("b"),
            governs: ["src"],
          },
          {
            path: "src/RIVUMI.md",
            layer: "project",
            status: "rejected",
            reason: "symlink",
            bytes: null,
            sha256: null,
            governs: [],
          },
        ],
        truncated: false,
      },
      skills: [{ name: "release", path: ".rivumi/skills/release/SKILL.md" }],
      rejectedSkills: [{ path: ".agents/skills/big/SKILL.md", reason: "too-large" }],
    },
    {
      type: "memory.loaded",
      loaded: 5,
      skipped: 1,
      selected: 2,
      source: "branch rivumi-memory",
      ids: ["m-1", "m-2"],
    },
    {
      type: "prompt.built",
      sections: [
        { id: "core", version: 1, stability: "stable", sources: [], bytes: 536, sha256: hash("c") },
        {
          id: "instructions",
          version: 2,
          stability: "dynamic",
          sources: ["src/AGENTS.md"],
          bytes: 40,
          sha256: hash("d"),
        },
      ],
      bytes: 576,
      cacheKey: "rivumi-cache-0123456789abcdef",
      cacheKeySent: true,
    },
    { type: "model.request", turn: 1, attempt: 1, messages: 2, bytes: 4000, model: "gpt-test" },
    {
      type: "model.response",
      turn: 1,
      attempt: 1,
      ms: 1200,
      usage: usage(1000, 50, 200),
      finishReason: "tool_calls",
      toolCalls: 2,
    },
    { type: "tool.call", turn: 1, id: "c1", name: "read_file", arguments: '{"path":"src/a.ts"}' },
    { type: "tool.result", turn: 1, id: "c1", name: "read_file", ok: true, ms: 3, bytes: 900 },
    { type: "tool.call", turn: 1, id: "c2", name: "grep", arguments: '{"pattern":"("}' },
    {
      type: "tool.result",
      turn: 1,
      id: "c2",
      name: "grep",
      ok: false,
      ms: 2,
      bytes: 80,
      error: "invalid regular expression",
    },
    { type: "model.request", turn: 2, attempt: 1, messages: 5, bytes: 6000, model: "gpt-test" },
    {
      type: "model.response",
      turn: 2,
      attempt: 1,
      ms: 300,
      error: "Rate limit reached",
      status: 429,
      willRetry: true,
    },
    { type: "model.request", turn: 2, attempt: 2, messages: 5, bytes: 6000, model: "gpt-test" },
    {
      type: "model.response",
      turn: 2,
      attempt: 2,
      ms: 2500,
      usage: usage(1500, 300),
      finishReason: "tool_calls",
      toolCalls: 1,
    },
    {
      type: "tool.call",
      turn: 2,
      id: "c3",
      name: "submit_review",
      arguments: '{"summary":"ok","findings":[]}',
    },
    { type: "tool.result", turn: 2, id: "c3", name: "submit_review", ok: true, ms: 1, bytes: 20 },
    {
      type: "review.findings",
      findings: [
        {
          path: "src/a.ts",
          line: 12,
          severity: "major",
          body: "Off by one.",
          posted: "inline",
          url: "https://github.com/o/r/pull/42#discussion_r1",
        },
        {
          path: "src/b.ts",
          start_line: 3,
          line: 5,
          severity: "nit",
          body: "Name it.",
          posted: "summary",
        },
      ],
    },
    {
      type: "publish.comment",
      action: "created",
      id: 9,
      url: "https://github.com/o/r/pull/42#issuecomment-9",
      state: "success",
      bytes: 1200,
    },
    { type: "publish.summary", bytes: 3000 },
    {
      type: "run.finished",
      conclusion: "success",
      stop: "final-answer",
      turns: 2,
      usage: usage(2500, 350, 200),
      costUsd: 0.0123,
      ms: 5400,
      coverage: {
        line: "Examined 12 of 12 hunks in 3 files",
        complete: true,
        hunks: { total: 12, examined: 12, excluded: 0, notReached: 0 },
      },
    },
  ];
}

export function taskJournal(): AnyEvent[] {
  return [
    {
      type: "run.started",
      version: "0.1.0",
      event: "workflow_dispatch",
      runId: "8",
      attempt: "1",
      mode: "action",
    },
    { type: "trigger.parsed", kind: "dispatch", detail: { sender: "octocat" } },
    {
      type: "plan.decided",
      action: "task",
      trusted: true,
      reason: "dispatch",
      permission: "admin",
    },
    { type: "model.request", turn: 1, attempt: 1, messages: 2, bytes: 1988, model: "gpt-test" },
    {
      type: "model.response",
      turn: 1,
      attempt: 1,
      ms: 40,
      usage: usage(100, 10),
      finishReason: "stop",
      toolCalls: 0,
    },
    {
      type: "run.finished",
      conclusion: "success",
      stop: "final-answer",
      turns: 1,
      usage: usage(100, 10),
      ms: 60,
    },
  ];
}

export function memoryJournal(): AnyEvent[] {
  return [
    {
      type: "run.started",
      version: "0.1.0",
      event: "issue_comment",
      runId: "9",
      attempt: "1",
      mode: "action",
    },
    {
      type: "trigger.parsed",
      kind: "comment",
      detail: { number: 7, sender: "bob", command: "remember", pr: true },
    },
    {
      type: "plan.decided",
      action: "memory",
      trusted: true,
      reason: "bob has write access",
      permission: "write",
    },
    { type: "memory.appended", id: "m-3", kind: "project-fact", attempts: 2, duplicate: false },
    {
      type: "memory.command",
      command: "remember",
      conclusion: "success",
      reason: "stored",
      id: "m-3",
    },
    {
      type: "publish.comment",
      action: "created",
      id: 11,
      url: "https://github.com/o/r/issues/7#issuecomment-11",
      state: "success",
      bytes: 80,
    },
    {
      type: "run.finished",
      conclusion: "success",
      stop: "none",
      turns: 0,
      usage: usage(0, 0),
      ms: 900,
    },
  ];
}

export function triageJournal(): AnyEvent[] {
  return [
    {
      type: "run.started",
      version: "0.1.0",
      event: "workflow_run",
      runId: "10",
      attempt: "1",
      mode: "action",
    },
    { type: "trigger.parsed", kind: "workflow_run", detail: { runId: 555, conclusion: "failure" } },
    {
      type: "plan.decided",
      action: "triage",
      trusted: true,
      reason: "a failed run of this repository",
    },
    { type: "triage.logs", jobs: 2, bytes: 1_500_000 },
    {
      type: "triage.candidates",
      job: "test",
      signature: "sig-abc",
      candidates: [{ start_line: 10, end_line: 12, kind: "assertion" }],
    },
    {
      type: "publish.comment",
      action: "created",
      id: 12,
      url: "https://github.com/o/r/pull/3#issuecomment-12",
      state: "success",
      bytes: 700,
    },
    {
      type: "run.finished",
      conclusion: "success",
      stop: "none",
      turns: 0,
      usage: usage(0, 0),
      ms: 3000,
    },
  ];
}
