// `npm run demo`: the bundled action reviews a sample pull request against loopback GitHub, results
// and model servers (or a real model when OPENAI_BASE_URL and OPENAI_API_KEY are set). The packaged
// `rivumi demo` does the same with the package alone (src/demo/); this one uses the tests' servers.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NODE24, ROOT } from "../test/support/action-run.js";
import { createActionWorld, FULL, PR } from "../test/support/action-world.js";
import type { Step } from "../test/support/model-server.js";

const realUrl = process.env.OPENAI_BASE_URL;
const realKey = process.env.OPENAI_API_KEY;
const real = Boolean(realUrl && realKey);
if (!existsSync(join(ROOT, "dist", "index.js")))
  throw new Error("dist/index.js is missing: run npm run build");
process.env.RIVUMI_E2E_NODE ??= existsSync(NODE24) ? NODE24 : "current";

const headFiles = {
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

// A scripted reviewer that really uses the tools: it reads the diff, opens a file, then reports.
const script: Step[] = [
  {
    toolCalls: [{ name: "git_diff", arguments: {} }],
    usage: { prompt_tokens: 1800, completion_tokens: 25 },
  },
  {
    toolCalls: [{ name: "read_file", arguments: { path: "src/retry.ts" } }],
    usage: { prompt_tokens: 2600, completion_tokens: 30 },
  },
  {
    toolCalls: [
      {
        name: "submit_review",
        arguments: {
          summary:
            "Adds a generic `retry` helper and changes the answer to 42. The retry loop has an off-by-one and swallows the last error.",
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
        },
      },
    ],
    usage: {
      prompt_tokens: 3100,
      completion_tokens: 160,
      prompt_tokens_details: { cached_tokens: 1536 },
    },
  },
];

const world = await createActionWorld({ headFiles, script: real ? [] : script });
try {
  console.log(
    real
      ? `Model: ${realUrl} (${process.env.RIVUMI_MODEL ?? "gpt-4.1-mini"})`
      : "Model: loopback scripted model",
  );
  const run = await world.run({
    inputs: {
      "price-input-per-mtok": "0.40",
      "price-output-per-mtok": "1.60",
      ...(real
        ? {
            "base-url": realUrl!,
            "api-key": realKey!,
            model: process.env.RIVUMI_MODEL ?? "gpt-4.1-mini",
            "max-turns": "12",
          }
        : {}),
    },
  });
  const comment = world.github.issueComments(FULL, PR)[0];
  const out = process.env.RIVUMI_DEMO_OUT ?? join(ROOT, ".rivumi", "demo");
  mkdirSync(out, { recursive: true });
  const journalPath = join(out, "journal.jsonl");
  // The journal and what was sent (requests.jsonl: the page's prompts, what replay sends again).
  for (const name of ["journal.jsonl", "requests.jsonl"])
    writeFileSync(join(out, name), world.results.readArtifactFile("rivumi-journal-review-1", name));
  // The runner's temporary folder goes when the demo ends: point at the copies that stay.
  const resultPath = join(out, "result.json");
  if (run.outputs["result-file"] && existsSync(run.outputs["result-file"]))
    copyFileSync(run.outputs["result-file"], resultPath);
  const outputs = {
    ...run.outputs,
    ...(existsSync(resultPath) ? { "result-file": resultPath } : {}),
    "journal-file": journalPath,
  };
  console.log(`\n=== exit code ${run.exitCode}; outputs ===\n${JSON.stringify(outputs, null, 2)}`);
  console.log(
    `\n=== the sticky comment on ${FULL}#${PR} (as text) ===\n${forTerminal(comment?.body ?? "(none)")}`,
  );
  console.log(`\n=== step summary (as text) ===\n${forTerminal(run.summary)}`);
  console.log(`\n=== journal (uploaded artifact, copied to) ===\n${journalPath}`);
  console.log(
    `View it: node dist/cli.js journal view ${journalPath} -o ${join(out, "journal.html")}`,
  );
  if (run.exitCode !== 0) {
    console.error(run.stdout + run.stderr);
    process.exitCode = 1;
  }
} finally {
  await world.close();
}

/**
 * Markdown as a terminal shows it best: hidden markers dropped, a collapsed section as a titled
 * block, inline HTML tags as their text.
 */
function forTerminal(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->\n?/g, "")
    .replace(/<details><summary>([\s\S]*?)<\/summary>/g, "▸ $1")
    .replace(/<\/details>\n?/g, "")
    .replace(/<\/?(?:sub|code|b|strong|em|i)>/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
