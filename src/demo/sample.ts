// The demo's sample pull request and the canned replies its model gives: a reviewer that reads
// the diff, opens a file, then reports two findings written in advance for this very change.

export const DEMO_REPO = { owner: "acme", name: "widgets", full: "acme/widgets" } as const;
export const DEMO_PR = 7;
export const DEMO_AUTHOR = "alice";
export const DEMO_BOT = "github-actions[bot]";
export const DEMO_MODEL = "demo-scripted-model";

export const BASE_FILES: Record<string, string> = {
  "README.md": "# Widgets\n",
  "src/app.ts": "export const answer = 41;\n",
};

export const HEAD_FILES: Record<string, string> = {
  "src/app.ts": "export const answer = 42;\n",
  "src/retry.ts": [
    "export async function retry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {",
    "  for (let i = 0; i <= attempts; i++) {",
    "    try {",
    "      return await fn();",
    "    } catch {",
    "      await new Promise((r) => setTimeout(r, 100 * i));",
    "    }",
    "  }",
    "  throw new Error('unreachable');",
    "}",
    "",
  ].join("\n"),
};

const REVIEW = {
  summary:
    "Adds a generic `retry` helper and changes the answer to 42. The retry loop has an off-by-one and swallows the last error. (Canned: the demo's scripted model wrote this in advance for this sample.)",
  findings: [
    {
      path: "src/retry.ts",
      line: 2,
      severity: "major",
      body: "`i <= attempts` runs `attempts + 1` times; use `i < attempts`.",
    },
    {
      path: "src/retry.ts",
      line: 9,
      severity: "minor",
      body: "The final error is thrown away; rethrow the last caught error so callers see why it failed.",
    },
  ],
};

/** The reviewer's turns, by how many it has taken: the diff, a file, the review. */
const TURNS: [string, object][] = [
  ["git_diff", {}],
  ["read_file", { path: "src/retry.ts" }],
  ["submit_review", REVIEW],
];

export interface DemoReply {
  message: { role: "assistant"; content: string | null; tool_calls?: unknown[]; refusal: null };
  finish: "stop" | "tool_calls";
}

/** The canned reply to a request: what the demo's reviewer does at this turn of its conversation. */
export function demoReply(messages: unknown[]): DemoReply {
  const first = messages[0] as { role?: string; content?: unknown } | undefined;
  // A child reviewer (only for a pull request bigger than the sample): nothing to add.
  if (typeof first?.content === "string" && first.content.startsWith("# Your part of the review"))
    return text('{"findings": []}');
  const turn = messages.filter((m) => (m as { role?: string }).role === "assistant").length;
  const step = TURNS[turn];
  if (!step) return text("The demo's scripted model has no more replies.");
  const [name, args] = step;
  return {
    message: {
      role: "assistant",
      content: null,
      refusal: null,
      tool_calls: [
        {
          id: `call_demo_${turn + 1}`,
          type: "function",
          function: { name, arguments: JSON.stringify(args) },
        },
      ],
    },
    finish: "tool_calls",
  };
}

function text(content: string): DemoReply {
  return { message: { role: "assistant", content, refusal: null }, finish: "stop" };
}

/** The pull_request event a runner would hand the action, with only the fields it reads. */
export function demoEvent(opts: { headSha: string; baseSha: string; cloneUrl: string }): object {
  const owner = { login: DEMO_REPO.owner, type: "Organization" };
  const repo = { name: DEMO_REPO.name, full_name: DEMO_REPO.full, owner };
  const author = { login: DEMO_AUTHOR, type: "User" };
  return {
    action: "opened",
    number: DEMO_PR,
    repository: repo,
    sender: author,
    pull_request: {
      number: DEMO_PR,
      title: "Make the answer 42",
      body: "Changes the answer.",
      user: author,
      draft: false,
      author_association: "CONTRIBUTOR",
      head: { sha: opts.headSha, ref: "feature", repo: { full_name: DEMO_REPO.full } },
      base: {
        sha: opts.baseSha,
        ref: "main",
        repo: { full_name: DEMO_REPO.full, clone_url: opts.cloneUrl },
      },
    },
  };
}
