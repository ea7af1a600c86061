import { relative, resolve } from "node:path";
import { formatInstructionsTable } from "../context/instructions/format.js";
import type { InstructionsLayering } from "../context/instructions/types.js";
import { git } from "../workspace/git.js";
import { parseCli, printedHelp } from "./args.js";
import { checkUserFile, localContext } from "./local-context.js";
import { directoryArg, notARepository } from "./paths.js";
import { UsageError } from "./usage-error.js";
import { printJson, printOut } from "./output.js";

export const USAGE = `usage: rivumi instructions [--repo DIR] [--ref REV] [--dir D ...] [--user-file F]
                           [--instructions-layering override|stack] [--json]

Shows which instruction documents (RIVUMI.md, AGENTS.md, the user file) apply to each directory,
which are suppressed or rejected, and why. Without --ref the working tree is read; without --dir
--repo (default: the current directory) is used. --instructions-layering is the action's input of
that name: override (the default) lets the deepest document replace the ones above it; stack keeps
every one from the root down, the deepest last.`;

/** The options that say where to look, shared with `rivumi context`. */
export const WHERE_OPTIONS = {
  repo: { type: "string" },
  ref: { type: "string" },
  dir: { type: "string", multiple: true },
  "user-file": { type: "string" },
  "instructions-layering": { type: "string" },
  json: { type: "boolean", default: false },
} as const;

/** `--instructions-layering`, checked: undefined when not given (the default, `override`). */
export function layeringFlag(value: string | undefined): InstructionsLayering | undefined {
  if (value === undefined || value === "override" || value === "stack") return value;
  throw new UsageError(`--instructions-layering ${value}: expected override or stack`);
}

/**
 * Repository root and the directories asked about, relative to the root with `/` separators.
 * Each argument is checked first: `--repo` and every `--dir` must be existing directories, and
 * `--ref` a commit of the repository.
 */
export async function repoAndDirs(
  repo: string | undefined,
  dirs: string[] | undefined,
  ref: string | undefined,
): Promise<{ root: string; dirs: string[] }> {
  if (ref !== undefined && ref.trim() === "")
    throw new UsageError("--ref: the value is empty; give a branch, tag or commit");
  if (ref?.startsWith("-")) throw new UsageError(`--ref ${ref}: a revision cannot start with '-'`);
  const start = directoryArg("--repo", repo ?? ".");
  const root = await git(start, ["rev-parse", "--show-toplevel"], { allowFail: true });
  if (!root) throw notARepository(start);
  if (ref !== undefined) {
    const sha = await git(root, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], {
      allowFail: true,
    });
    if (!sha) throw new UsageError(`--ref ${ref}: no such branch, tag or commit in ${root}`);
  }
  // Without --ref the working tree is read, so each --dir must exist there.
  const asked =
    dirs && dirs.length > 0
      ? dirs.map((d) => (ref === undefined ? directoryArg("--dir", d, start) : resolve(start, d)))
      : [start];
  const rels = asked.map((abs) => {
    const rel = relative(root, abs).split("\\").join("/");
    if (rel.startsWith(".."))
      throw new UsageError(`--dir ${abs} is outside the repository ${root}`);
    return rel === "" ? "." : rel;
  });
  if (ref !== undefined && dirs && dirs.length > 0) {
    for (const rel of rels) {
      const kind = await git(root, ["cat-file", "-t", `${ref}:${rel === "." ? "" : rel}`], {
        allowFail: true,
      });
      if (kind !== "tree") throw new UsageError(`--dir ${rel}: no such directory at ${ref}`);
    }
  }
  return { root, dirs: rels };
}

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return 0;
  const { values } = parseCli(
    {
      args: argv,
      options: WHERE_OPTIONS,
    },
    USAGE,
  );
  const layering = layeringFlag(values["instructions-layering"]);
  const { root, dirs } = await repoAndDirs(values.repo, values.dir, values.ref);
  if (values["user-file"] !== undefined) await checkUserFile(values["user-file"]);
  const { resolution } = await localContext({
    root,
    ref: values.ref,
    activeDirs: dirs,
    userFile: values["user-file"],
    layering,
  });
  const diag = resolution.diagnostics;
  if (values.json) printJson(`${JSON.stringify(diag, null, 2)}\n`);
  else printOut(`${formatInstructionsTable(diag)}\n`);
  return 0;
}
