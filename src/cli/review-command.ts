import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { localRunId, parseCli, printedHelp, wholeNumber } from "./args.js";
import { runSession } from "../agent/session.js";
import { FileJournal } from "../journal/journal.js";
import { createOpenAIModel } from "../model/openai-model.js";
import { DEFAULT_REVIEW_TASK } from "../plan/plan.js";
import { formatUsage, renderReviewBody } from "../publish/render.js";
import { Redactor } from "../util/redact.js";
import { VERSION } from "../version.js";
import { snapshotLocalDiff } from "./snapshot.js";
import { localContext, localMemory } from "./local-context.js";
import { activeDirsForChangedFiles } from "../context/instructions/resolve.js";
import { shouldSendCacheKey } from "../context/for-run.js";

export const USAGE = `usage: rivumi review [--base REF] [--repo DIR] [--json] [--task TEXT] [--user-file F]

Reviews HEAD and the working tree against the merge base with REF, with the same agent the
GitHub Action runs. Environment: OPENAI_BASE_URL, OPENAI_API_KEY, RIVUMI_MODEL.
The journal is written under <repo>/.rivumi/runs/<id>/journal.jsonl.`;

/** `rivumi review`: the action's pipeline on a local checkout. */
export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return 0;
  const { values } = parseCli(
    {
      args: argv,
      options: {
        base: { type: "string" },
        repo: { type: "string" },
        json: { type: "boolean", default: false },
        task: { type: "string" },
        "user-file": { type: "string" },
        "max-turns": { type: "string", default: "30" },
      },
    },
    USAGE,
  );
  const maxTurns = wholeNumber("max-turns", values["max-turns"], 1);
  const diff = await snapshotLocalDiff(resolve(values.repo ?? "."), values.base);
  const id = localRunId();
  const redactor = new Redactor();
  redactor.add(process.env.OPENAI_API_KEY);
  const runs = join(diff.root, ".rivumi", "runs");
  const journal = new FileJournal(join(runs, id, "journal.jsonl"), redactor);
  // Run records are local history, not project files: keep them out of `git status`.
  if (!existsSync(join(runs, ".gitignore"))) writeFileSync(join(runs, ".gitignore"), "*\n");
  journal.emit({
    type: "run.started",
    version: VERSION,
    event: "local",
    runId: id,
    attempt: "1",
    mode: "cli",
  });
  journal.emit({
    type: "workspace.created",
    path: diff.root,
    head: diff.head,
    base: diff.mergeBase,
    source: "local",
    ms: 0,
  });

  const model = createOpenAIModel({
    baseUrl: process.env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
    apiKey: process.env.OPENAI_API_KEY,
    model: process.env.RIVUMI_MODEL ?? "gpt-4.1-mini",
  });
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort({ rivumi: "cancelled" }));
  const started = Date.now();
  const memory = await localMemory(diff.root, journal);
  const { context } = await localContext({
    root: diff.root,
    memory,
    activeDirs: activeDirsForChangedFiles(diff.files.map((f) => f.path)),
    userFile: values["user-file"],
    journal,
  });
  const session = await runSession({
    root: diff.root,
    mergeBase: diff.mergeBase,
    head: diff.head,
    files: diff.files,
    task: values.task ?? DEFAULT_REVIEW_TASK,
    purpose: values.task ? "task" : "review",
    trusted: true,
    repository: diff.root,
    event: "local",
    pr: undefined,
    budgets: {
      maxTurns,
      maxTokens: 400_000,
      timeoutMinutes: 20,
      maxCostUsd: undefined,
      prices: undefined,
    },
    model,
    journal,
    signal: controller.signal,
    context,
    sendCacheKey: shouldSendCacheKey(
      "auto",
      process.env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
    ),
  });
  const stats = {
    turns: session.loop.state.turns,
    usage: session.loop.state.usage,
    costUsd: undefined,
    ms: Date.now() - started,
    model: model.model,
  };
  journal.emit({
    type: "run.finished",
    conclusion: session.conclusion,
    stop: session.loop.stop,
    turns: stats.turns,
    usage: stats.usage,
    ms: stats.ms,
  });
  const outcome = {
    conclusion: session.conclusion,
    stop: session.loop.stop,
    review: session.loop.review,
    note: session.note,
    stats,
    journalName: journal.path,
  };
  if (values.json) {
    const { conclusion, stop, review, note } = outcome;
    process.stdout.write(
      redactor.redact(
        JSON.stringify(
          {
            conclusion,
            stop,
            note: note ?? null,
            review: review ?? null,
            usage: stats.usage,
            journal: journal.path,
          },
          null,
          2,
        ),
      ) + "\n",
    );
  } else {
    process.stdout.write(
      redactor.redact(
        `${renderReviewBody(outcome)}\n${formatUsage(stats)}\njournal: ${journal.path}\n`,
      ),
    );
  }
  return session.conclusion === "failure" ? 1 : 0;
}
