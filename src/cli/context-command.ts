import { toolsFor } from "../agent/session.js";
import { buildPrompt } from "../prompt/build.js";
import type { PromptSection } from "../prompt/section.js";
import { instructionsSection } from "../prompt/sections/instructions.js";
import { reviewChildSection } from "../prompt/sections/review-child.js";
import { reviewMergeSection } from "../prompt/sections/review-merge.js";
import { parseCli, printedHelp } from "./args.js";
import { layeringFlag, repoAndDirs, WHERE_OPTIONS } from "./instructions-command.js";
import { checkUserFile, localContext, localMemory } from "./local-context.js";
import { UsageError } from "./usage-error.js";
import { MemoryJournal } from "../journal/journal.js";
import { snapshotLocalDiff } from "./snapshot.js";
import { activeDirsForChangedFiles } from "../context/instructions/resolve.js";
import { git } from "../workspace/git.js";
import { newFenceNonce } from "../util/fence.js";
import { printJson, printOut } from "./output.js";

export const USAGE = `usage: rivumi context [--repo DIR] [--ref REV] [--dir D ...] [--base REF] [--user-file F]
                      [--instructions-layering override|stack]
                      [--prompt loop|review-child|review-merge] [--json]

Prints what the first model request of 'rivumi review' would contain: every prompt section (id,
version, bytes, sha256, sources) and the full system prompt. With --base, the changed files
against that base decide the active directories, as in a review.

--prompt picks which prompt: 'loop' (the default) is the tool loop's; 'review-child' is what
each child call of a large review gets for hunks in the --dir directories (their instructions
only); 'review-merge' is the task the RLM root gets to merge the children's findings.`;

/** The prompts a review can send, by the name --prompt takes. */
const PROMPTS: Record<string, readonly PromptSection[] | undefined> = {
  loop: undefined,
  "review-child": [reviewChildSection, instructionsSection],
  "review-merge": [reviewMergeSection],
};

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return 0;
  const { values } = parseCli(
    {
      args: argv,
      options: { ...WHERE_OPTIONS, base: { type: "string" }, prompt: { type: "string" } },
    },
    USAGE,
  );
  const which = values.prompt ?? "loop";
  if (!Object.hasOwn(PROMPTS, which))
    throw new UsageError(
      `--prompt ${which}: expected one of ${Object.keys(PROMPTS).join(", ")}\n${USAGE}`,
    );
  const layering = layeringFlag(values["instructions-layering"]);
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
    layering,
  });
  const tools = toolsFor(context);
  const sections = PROMPTS[which];
  const prompt = buildPrompt(
    {
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
      toolNames: sections ? [] : tools.map((t) => t.name),
      instructions: context.instructions,
      skills: context.skills,
      memory: context.memory,
      nonce: newFenceNonce(),
    },
    ...(sections ? [sections] : []),
  );
  if (values.json) {
    printJson(
      `${JSON.stringify({ sections: prompt.manifest, cache_key: prompt.cacheKey, system: prompt.system }, null, 2)}\n`,
    );
    return 0;
  }
  const rows = prompt.manifest.map(
    (m) =>
      `${m.id.padEnd(13)} v${String(m.version).padEnd(3)} ${m.stability.padEnd(8)} ${String(m.bytes).padStart(7)} B  ${m.sha256.slice(0, 12)}  ${m.sources.join(", ")}`,
  );
  printOut(
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
