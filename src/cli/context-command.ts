import { toolsFor } from "../agent/session.js";
import { buildPrompt } from "../prompt/build.js";
import { parseCli, printedHelp } from "./args.js";
import { repoAndDirs, WHERE_OPTIONS } from "./instructions-command.js";
import { checkUserFile, localContext, localMemory } from "./local-context.js";
import { UsageError } from "./usage-error.js";
import { MemoryJournal } from "../journal/journal.js";
import { snapshotLocalDiff } from "./snapshot.js";
import { activeDirsForChangedFiles } from "../context/instructions/resolve.js";
import { git } from "../workspace/git.js";

export const USAGE = `usage: rivumi context [--repo DIR] [--ref REV] [--dir D ...] [--base REF] [--user-file F] [--json]

Prints what the first model request of 'rivumi review' would contain: every prompt section (id,
version, bytes, sha256, sources) and the full system prompt. With --base, the changed files
against that base decide the active directories, as in a review.`;

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return 0;
  const { values } = parseCli(
    {
      args: argv,
      options: { ...WHERE_OPTIONS, base: { type: "string" } },
    },
    USAGE,
  );
  const { root, dirs } = await repoAndDirs(values.repo, values.dir, values.ref);
  if (values.base !== undefined && values.base.trim() === "")
    throw new UsageError("--base: the value is empty; give a branch, tag or commit");
  if (values["user-file"] !== undefined) await checkUserFile(values["user-file"]);
  const diff = values.base ? await snapshotLocalDiff(root, values.base) : undefined;
  const head =
    diff?.head ??
    (await git(root, ["rev-parse", "--verify", "--quiet", "HEAD"], { allowFail: true }));
  const { context } = await localContext({
    root,
    memory: await localMemory(root, new MemoryJournal()),
    ref: values.ref,
    activeDirs:
      diff && !values.dir ? activeDirsForChangedFiles(diff.files.map((f) => f.path)) : dirs,
    userFile: values["user-file"],
  });
  const tools = toolsFor(context);
  const prompt = buildPrompt({
    date: new Date().toISOString().slice(0, 10),
    repository: root,
    event: "local",
    pr: undefined,
    base: diff?.mergeBase ?? head,
    head,
    model: process.env.RIVUMI_MODEL ?? "gpt-4.1-mini",
    budgets: { maxTurns: 30, maxTokens: 400_000, timeoutMinutes: 20, maxCostUsd: undefined },
    trusted: true,
    purpose: "review",
    changedFiles: diff?.files ?? [],
    toolNames: tools.map((t) => t.name),
    instructions: context.instructions,
    skills: context.skills,
    memory: context.memory,
  });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ sections: prompt.manifest, cache_key: prompt.cacheKey, system: prompt.system }, null, 2)}\n`,
    );
    return 0;
  }
  const rows = prompt.manifest.map(
    (m) =>
      `${m.id.padEnd(13)} v${String(m.version).padEnd(3)} ${m.stability.padEnd(8)} ${String(m.bytes).padStart(7)} B  ${m.sha256.slice(0, 12)}  ${m.sources.join(", ")}`,
  );
  process.stdout.write(
    [
      `sections (cache key ${prompt.cacheKey}):`,
      ...rows,
      "",
      "----- system prompt -----",
      prompt.system,
      "----- end -----",
      "",
    ].join("\n"),
  );
  return 0;
}
