import * as z from "zod";
import { lineWindow } from "../../util/bounded.js";
import { repoPath, resolveInside } from "../../workspace/confine.js";
import { runGit } from "./run-git.js";
import { defineTool } from "./tool.js";

const DEFAULT_ENTRIES = 500;
const MAX_ENTRIES = 2_000;
const MAX_CHARS = 60_000;

const parameters = z.object({
  path: z
    .string()
    .min(1)
    .optional()
    .describe('Directory to list, relative to the repository root. Defaults to "." (everything).'),
  max_entries: z
    .number()
    .int()
    .min(1)
    .max(MAX_ENTRIES)
    .optional()
    .describe(`Most files to list. Defaults to ${DEFAULT_ENTRIES}.`),
});

export const listFilesTool = defineTool({
  name: "list_files",
  description:
    "List the files under a directory of the workspace, recursively: tracked files plus " +
    "untracked ones that .gitignore does not exclude. Sorted by path.",
  parameters,
  async execute(args, ctx) {
    const dir = repoPath(ctx.root, await resolveInside(ctx.root, args.path ?? "."));
    // git rather than a directory walk: it already knows what is ignored, and it does not
    // descend into symlinked directories.
    const result = await runGit(ctx, [
      "ls-files",
      "-z",
      "--cached",
      "--others",
      "--exclude-standard",
      "--",
      dir,
    ]);
    if (result.isCanceled) throw new Error("list_files was cancelled");
    if (result.exitCode !== 0) {
      throw new Error(`git ls-files failed (${result.exitCode}): ${String(result.stderr)}`);
    }
    // A conflicted path is listed once per stage; the model wants it once.
    const files = [...new Set(String(result.stdout).split("\0").filter(Boolean))].sort();
    if (files.length === 0) return `No files under "${dir}" (ignored files are not listed).`;
    const limit = args.max_entries ?? DEFAULT_ENTRIES;
    const { text, end } = lineWindow(files, 0, { maxLines: limit, maxChars: MAX_CHARS });
    const header = `${files.length} files under "${dir}":`;
    if (end === files.length) return `${header}\n${text}`;
    const hint =
      end === limit && limit < MAX_ENTRIES
        ? `Call list_files with a narrower path, or with max_entries up to ${MAX_ENTRIES}.`
        : "Call list_files with a narrower path.";
    return (
      `${header}\n${text}\n[Showed the first ${end} of ${files.length}; ` +
      `${files.length - end} left out. ${hint}]`
    );
  },
});
