import { join, resolve } from "node:path";
import { runMode } from "../modes/index.js";
import { DEFAULT_REVIEW_TASK, type AgentPlan } from "../plan/plan.js";
import { formatUsage, renderReviewBody } from "../publish/render.js";
import { parseCli, printedHelp, wholeNumber } from "./args.js";
import { cliPorts, cliSettings, readCliEnv, startCliRun } from "./bootstrap.js";
import { localMemory } from "./local-context.js";
import { localSource } from "./local-source.js";
import { snapshotLocalDiff } from "./snapshot.js";

export const USAGE = `usage: rivumi review [--base REF] [--repo DIR] [--json] [--task TEXT] [--user-file F] [--max-turns N]

Reviews HEAD and the working tree against the merge base with REF, with the same agent the
GitHub Action runs. Environment: OPENAI_BASE_URL, OPENAI_API_KEY, RIVUMI_MODEL.
The journal is written under <repo>/.rivumi/runs/<id>/journal.jsonl.`;

/** `rivumi review`: the action's review mode on a local checkout. */
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
  const settings = cliSettings(readCliEnv(), { "max-turns": String(maxTurns) });
  const diff = await snapshotLocalDiff(resolve(values.repo ?? "."), values.base);
  const run = startCliRun({ runsDir: join(diff.root, ".rivumi", "runs") });
  const plan: AgentPlan = {
    kind: values.task ? "task" : "review",
    pr: undefined,
    task: values.task ?? DEFAULT_REVIEW_TASK,
    trusted: true,
    reason: "a local run by the checkout's owner",
  };
  const work = localSource(diff, {
    userFile: values["user-file"],
    artifacts: join(diff.root, ".rivumi", "runs", run.id),
    journal: run.journal,
  });
  const ports = cliPorts(run, {
    settings,
    trigger: { kind: "local", root: diff.root },
    work,
    memory: () => localMemory(diff.root, run.journal),
  });
  let outcome;
  try {
    outcome = await runMode(ports, plan);
  } finally {
    run.close();
  }
  const { stats } = outcome;
  run.journal.emit({
    type: "run.finished",
    conclusion: outcome.conclusion,
    stop: outcome.stop ?? "none",
    turns: stats.turns,
    usage: stats.usage,
    ms: stats.ms,
  });
  const journal = run.journal.path;
  const out = values.json
    ? JSON.stringify(
        {
          conclusion: outcome.conclusion,
          stop: outcome.stop,
          note: outcome.note ?? null,
          review: outcome.review ?? null,
          usage: stats.usage,
          journal,
        },
        null,
        2,
      )
    : `${renderReviewBody(outcome)}\n${formatUsage(stats)}\njournal: ${journal}`;
  process.stdout.write(`${run.redactor.redact(out)}\n`);
  return outcome.conclusion === "failure" ? 1 : 0;
}
