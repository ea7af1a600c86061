import * as z from "zod";
import { cutText } from "../../util/bounded.js";
import { repoPath, resolveInside } from "../../workspace/confine.js";
import { runGit } from "./run-git.js";
import { ToolError } from "../../util/errors.js";
import { defineTool } from "./tool.js";

export interface SearchOptions {
  /** Wall-clock limit for one search; git is killed when it runs out. */
  readonly timeoutMs?: number;
  /** Most output kept from git; enough for far more hits than we show, so counts stay honest. */
  readonly maxOutputChars?: number;
}

const DEFAULT_HITS = 100;
const MAX_HITS = 200;
const MAX_HIT_CHARS = 300;

const parameters = z.object({
  pattern: z
    .string()
    .min(1)
    .describe("Perl-compatible regular expression, matched per line. Use (?i) to ignore case."),
  path: z
    .string()
    .min(1)
    .optional()
    .describe('File or directory to search, relative to the repository root. Defaults to ".".'),
  max_hits: z
    .number()
    .int()
    .min(1)
    .max(MAX_HITS)
    .optional()
    .describe(`Most matching lines to return. Defaults to ${DEFAULT_HITS}.`),
});

export function createSearch(options: SearchOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBuffer = options.maxOutputChars ?? 4 * 1024 * 1024;
  return defineTool({
    name: "search",
    description:
      "Search the workspace's text files (tracked, and untracked but not ignored) for a regular " +
      "expression. Returns matching lines as path:line: text.",
    parameters,
    async execute(args, ctx) {
      const dir = repoPath(ctx.root, await resolveInside(ctx.root, args.path ?? "."));
      // Regex engines backtrack, and a model can write a pattern that runs for hours; git is a
      // separate process we can kill, which a regex inside our own event loop would not be.
      const grep = (syntax: "-P" | "-E") =>
        runGit(
          ctx,
          [
            "grep",
            "-n",
            "-I",
            "-z",
            "--no-color",
            "--untracked",
            syntax,
            "-e",
            args.pattern,
            "--",
            dir,
          ],
          { timeoutMs, maxBuffer },
        );
      const shownPattern = cutText(args.pattern, 200);
      let syntax: "-P" | "-E" = "-P";
      let result = await grep(syntax);
      // Some git builds lack PCRE; ERE still serves most patterns a reviewer writes.
      if (result.exitCode === 128 && /cannot use Perl|USE_LIBPCRE/.test(String(result.stderr))) {
        syntax = "-E";
        result = await grep(syntax);
      }
      if (result.isCanceled) throw new Error("search was cancelled");
      const stderr = String(result.stderr);
      if (!result.timedOut && !result.isMaxBuffer && result.exitCode !== 0) {
        if (result.exitCode === 1) return `No matches for /${shownPattern}/ under "${dir}".`;
        throw explainFailure(stderr, syntax);
      }

      const incomplete = result.timedOut || result.isMaxBuffer;
      const hits = parseHits(String(result.stdout), !incomplete);
      const stopped =
        `[The search hit its ${timeoutMs / 1000}s time limit and was stopped. Avoid nested ` +
        `quantifiers such as (a+)+, or narrow the path.]`;
      if (hits.length === 0 && result.timedOut) {
        return `No matches for /${shownPattern}/ under "${dir}" found in time.\n${stopped}`;
      }
      const limit = args.max_hits ?? DEFAULT_HITS;
      const total = `${incomplete ? "at least " : ""}${hits.length}`;
      const lines = [
        `${total} matching lines for /${shownPattern}/ under "${dir}"` +
          (syntax === "-E" ? " (POSIX extended regex: Perl syntax is unavailable here)" : "") +
          ":",
        ...hits.slice(0, limit),
      ];
      if (hits.length > limit || result.isMaxBuffer) {
        const raise =
          hits.length > limit && limit < MAX_HITS
            ? `, or raise max_hits (at most ${MAX_HITS})`
            : "";
        const uncounted = result.isMaxBuffer ? " (more matches than could be collected)" : "";
        lines.push(
          `[Showed the first ${Math.min(limit, hits.length)} of ${total}${uncounted}. ` +
            `Narrow the path or the pattern${raise}.]`,
        );
      }
      if (result.timedOut) lines.push(stopped);
      return lines.join("\n");
    },
  });
}

/** Parses `git grep -z -n` records (path NUL line NUL text); a cut-off last record is dropped. */
function parseHits(stdout: string, complete: boolean): string[] {
  const records = stdout.split("\n");
  const last = records.pop();
  if (complete && last) records.push(last);
  return records.flatMap((record) => {
    const [path, line, ...text] = record.split("\0");
    if (path === undefined || line === undefined || text.length === 0) return [];
    return [`${path}:${line}: ${cutText(text.join("\0"), MAX_HIT_CHARS)}`];
  });
}

function explainFailure(stderr: string, syntax: "-P" | "-E"): Error {
  const detail = stderr.trim().split("\n").at(-1) ?? "";
  if (/match limit|stack limit|pcre2?_(jit_)?match failed/i.test(stderr)) {
    return new ToolError(
      `The pattern backtracks too much: the regex engine gave up on a line (${detail}). Avoid ` +
        `nested or overlapping quantifiers such as (a+)+ or (a|aa)*; anchor the pattern or make ` +
        `it more specific.`,
    );
  }
  if (/-e option|command line|regex|regular expression|compile/i.test(stderr)) {
    return new ToolError(
      `Invalid regular expression: ${detail.replace(/^fatal: /, "")}. The pattern uses ` +
        `${syntax === "-P" ? "Perl-compatible" : "POSIX extended"} syntax; escape literal ` +
        `characters such as ( [ { . * + ? with a backslash.`,
    );
  }
  return new Error(`git grep failed: ${detail}`);
}

export const searchTool = createSearch();
