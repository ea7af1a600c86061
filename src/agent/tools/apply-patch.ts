import { lstat } from "node:fs/promises";
import path from "node:path";
import type { Result } from "execa";
import * as z from "zod";
import { cutText } from "../../util/bounded.js";
import { lexicalSegments, resolveInside } from "../../workspace/confine.js";
import { gitEnv } from "../../workspace/git.js";
import { ToolError } from "../../util/errors.js";
import { defineTool, type ToolContext } from "./tool.js";

export interface ApplyPatchLimits {
  /** Most bytes of patch text one call may apply. */
  readonly maxPatchBytes: number;
  /** Most characters of git's complaint quoted back to the model. */
  readonly maxErrorChars: number;
  /** Most changed paths listed in the reply. */
  readonly maxListedPaths: number;
  readonly timeoutMs: number;
}

export const APPLY_PATCH_LIMITS: ApplyPatchLimits = {
  maxPatchBytes: 4 * 1024 * 1024,
  maxErrorChars: 2_000,
  maxListedPaths: 100,
  timeoutMs: 60_000,
};

const APPLY_FLAGS = ["--whitespace=nowarn"];
// Model-written hunk headers often miscount lines; --recount trusts the lines instead. Only a
// fallback: it reads the `---` header of a following plain diff as a removed line.
const RECOUNT_FLAGS = [...APPLY_FLAGS, "--recount"];

const parameters = z.object({
  patch: z
    .string()
    .min(1)
    .describe(
      "A unified diff as `git diff` prints it: per file a `diff --git a/path b/path` header (or " +
        "just `--- a/path` and `+++ b/path`), then @@ hunks with a few lines of context. New " +
        "files come from /dev/null.",
    ),
});

export function createApplyPatch(limits: ApplyPatchLimits = APPLY_PATCH_LIMITS) {
  return defineTool({
    name: "apply_patch",
    description:
      "Apply a unified diff to the workspace's files with `git apply`. Paths take the a/ and b/ " +
      "prefixes git uses. Either the whole patch applies or nothing changes; on failure git's " +
      "message says which hunk did not match, so re-read the file and send a corrected patch.",
    parameters,
    writes: true,
    async execute(args, ctx) {
      const patch = args.patch.endsWith("\n") ? args.patch : `${args.patch}\n`;
      const size = Buffer.byteLength(patch, "utf8");
      if (size > limits.maxPatchBytes) {
        throw new ToolError(
          `The patch is ${size} bytes, over the ${limits.maxPatchBytes}-byte limit; split it.`,
        );
      }
      const { flags, names } = await listPatch(ctx, patch, limits);
      const paths = await confine(ctx.root, names);
      const check = await gitApply(ctx, ["--check", ...flags], patch, limits);
      if (check.exitCode !== 0) {
        throw new ToolError(
          `The patch does not apply; nothing was changed. git said:\n${complaint(check, limits)}`,
        );
      }
      const before = await existing(ctx.root, paths);
      const applied = await gitApply(ctx, flags, patch, limits);
      if (applied.exitCode !== 0) {
        throw new ToolError(
          `git apply failed after its check passed:\n${complaint(applied, limits)}`,
        );
      }
      const after = await existing(ctx.root, paths);
      return describeChanges(paths, before, after, limits.maxListedPaths);
    },
  });
}

/**
 * Every path the patch names, and the flags that parse it. A rename or copy lists only its
 * destination in --numstat, so the reversed patch is listed too to get the sources: git itself
 * lets a copy read from .git or from outside the repository.
 */
async function listPatch(
  ctx: ToolContext,
  patch: string,
  limits: ApplyPatchLimits,
): Promise<{ flags: readonly string[]; names: Set<string> }> {
  let failure: Result | undefined;
  for (const flags of [APPLY_FLAGS, RECOUNT_FLAGS]) {
    const forward = await gitApply(ctx, ["--numstat", "-z", ...flags], patch, limits);
    if (forward.exitCode !== 0) {
      failure ??= forward;
      continue;
    }
    const reverse = await gitApply(ctx, ["--numstat", "-z", "-R", ...flags], patch, limits);
    if (reverse.exitCode !== 0) failure ??= reverse;
    else return { flags, names: new Set([...numstatNames(forward), ...numstatNames(reverse)]) };
  }
  throw new ToolError(
    `git apply could not read the patch:\n${failure ? complaint(failure, limits) : ""}`,
  );
}

/** Paths of `--numstat -z` records, "<added>\t<deleted>\t<path>"; the path itself may hold tabs. */
function numstatNames(result: Result): string[] {
  return String(result.stdout)
    .split("\0")
    .map((record) => record.split("\t").slice(2).join("\t"))
    .filter((name) => name !== "");
}

/** Confines each path like any tool path; the result is sorted, repository-relative. */
async function confine(root: string, names: ReadonlySet<string>): Promise<string[]> {
  if (names.size === 0) throw new ToolError("The patch changes no file; send a unified diff.");
  const confined = new Set<string>();
  for (const name of names) {
    try {
      const segments = lexicalSegments(name);
      // The last component may be a link the patch changes; git handles that one itself.
      if (segments.length > 1) {
        await resolveInside(root, segments.slice(0, -1).join("/"), { allowMissing: true });
      }
      confined.add(segments.join("/"));
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      throw new ToolError(`Refusing the patch, nothing was changed: ${error.message}`);
    }
  }
  return [...confined].sort();
}

/** Runs `git apply` in the workspace as run-git does, with the patch on stdin. */
async function gitApply(
  ctx: ToolContext,
  args: readonly string[],
  patch: string,
  limits: ApplyPatchLimits,
): Promise<Result> {
  const { execa } = await import("execa");
  const result = await execa(
    "git",
    ["-c", "core.quotePath=false", "-c", "core.fsmonitor=false", "apply", ...args],
    {
      cwd: ctx.root,
      extendEnv: false,
      env: gitEnv({ GIT_CONFIG_GLOBAL: "/dev/null" }),
      input: patch,
      reject: false,
      stripFinalNewline: false,
      cancelSignal: ctx.signal,
      forceKillAfterDelay: 1_000,
      timeout: limits.timeoutMs,
    },
  );
  if (result.isCanceled) throw new Error("git apply was cancelled.");
  if (result.timedOut) {
    throw new ToolError(`git apply took longer than ${limits.timeoutMs} ms; send a smaller patch.`);
  }
  return result;
}

function complaint(result: Result, limits: ApplyPatchLimits): string {
  const text = String(result.stderr).trim() || `exit status ${result.exitCode ?? "?"}`;
  return cutText(text, limits.maxErrorChars);
}

async function existing(root: string, paths: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const rel of paths) {
    try {
      await lstat(path.join(root, ...rel.split("/")));
      found.add(rel);
    } catch {
      // Missing: the patch adds it, or deleted it.
    }
  }
  return found;
}

function describeChanges(
  paths: readonly string[],
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
  maxListed: number,
): string {
  const lines = paths.map((rel) => {
    if (!before.has(rel)) return `added ${rel}`;
    return after.has(rel) ? `modified ${rel}` : `deleted ${rel}`;
  });
  const shown = lines.slice(0, maxListed);
  if (lines.length > maxListed) shown.push(`… and ${lines.length - maxListed} more`);
  const count = paths.length === 1 ? "1 file" : `${paths.length} files`;
  return `Applied the patch to ${count}:\n${shown.join("\n")}`;
}

export const applyPatchTool = createApplyPatch();
