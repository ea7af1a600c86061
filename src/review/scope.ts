// Which part of a pull request a review reads: all of it, or only what is new since the last head
// Rivumi reviewed in full. A plain push on top of that head, with the merge base where it was,
// is reviewed from that head; after a force-push or a moved base, `git range-diff` decides
// whether the commits reviewed before are all still there unchanged, and what came after them.
// Anything else is a full review that says why.
import type { LastReview } from "../outcome/review.js";
import type { AgentPlan } from "../plan/plan.js";
import { runGitProcess } from "../workspace/git.js";
import type { OpenWorkspace } from "./ports.js";

export type ReviewScope =
  | {
      kind: "full";
      /** Why a pull request reviewed before is reviewed in full this time, for the comment. */
      why?: string;
    }
  | {
      kind: "incremental";
      /** The commit the new hunks are diffed from: the last reviewed head, or its rebased twin. */
      from: string;
      /** The head the last review examined, as the coverage line names it. */
      since: string;
      /** How `from` was found. */
      by: "ancestor" | "range-diff";
    };

const short = (sha: string) => sha.slice(0, 7);

/** Decides the scope; never throws (a git failure means a full review, with the reason). */
export async function decideScope(opts: {
  plan: AgentPlan;
  ws: OpenWorkspace;
  incremental: boolean;
  last: LastReview | undefined;
  signal: AbortSignal;
}): Promise<ReviewScope> {
  const { plan, ws, last, signal } = opts;
  if (plan.kind !== "review") return { kind: "full" };
  if (plan.full) return { kind: "full", why: "a full review was asked for with `/rivumi review`" };
  const state = last?.state;
  if (!opts.incremental || !state?.head || !state.base) return { kind: "full" };
  const { head, base } = state;
  if (head === ws.head)
    return {
      kind: "full",
      why: `\`${short(head)}\` was reviewed before; a re-run reviews it in full`,
    };
  const run = (args: string[]) => runGitProcess(ws.root, args, { signal });
  const present = async () =>
    (
      await Promise.all([head, base].map((sha) => run(["cat-file", "-e", `${sha}^{commit}`])))
    ).every((r) => r.code === 0);
  if (!(await present()) && !(await ws.fetchCommits?.([head, base])))
    return {
      kind: "full",
      why: `the last reviewed head \`${short(head)}\` is no longer in the repository (force-pushed away)`,
    };
  if (base === ws.mergeBase) {
    const ancestor = await run(["merge-base", "--is-ancestor", head, ws.head]);
    if (ancestor.code === 0)
      return { kind: "incremental", from: head, since: head, by: "ancestor" };
  }
  const rd = await run([
    "range-diff",
    "--no-color",
    "--no-patch",
    `${base}..${head}`,
    `${ws.mergeBase}..${ws.head}`,
  ]);
  if (rd.code !== 0)
    return {
      kind: "full",
      why: `git range-diff could not compare the commits reviewed at \`${short(head)}\` with the new ones`,
    };
  const decided = fromRangeDiff(parseRangeDiff(rd.stdout));
  if (decided === undefined) return { kind: "full", why: "the pull request had no commits before" };
  if ("why" in decided)
    return {
      kind: "full",
      why: `the history since \`${short(head)}\` was rewritten: ${decided.why} (git range-diff)`,
    };
  const resolved = await run(["rev-parse", "--verify", "--quiet", `${decided.from}^{commit}`]);
  const from = resolved.stdout.trim();
  if (resolved.code !== 0 || !/^[0-9a-f]{40,64}$/.test(from))
    return {
      kind: "full",
      why: `git could not resolve the commit range-diff matched (${decided.from})`,
    };
  return { kind: "incremental", from, since: head, by: "range-diff" };
}

/** One line of `git range-diff --no-patch`: an old commit, a new one, or a pair. */
export interface RangePair {
  /** 1-based position in the old range, undefined for a commit only the new range has. */
  old: number | undefined;
  new: number | undefined;
  /** The new commit's abbreviated name, when there is one. */
  newSha: string | undefined;
  /** `=` same patch, `!` changed, `<` only in the old range, `>` only in the new one. */
  mark: "=" | "!" | "<" | ">";
}

const PAIR = /^\s*(\d+|-+):\s+([0-9a-f]+|-+)\s+([=!<>])\s+(\d+|-+):\s+([0-9a-f]+|-+)/;

export function parseRangeDiff(text: string): RangePair[] {
  const out: RangePair[] = [];
  for (const line of text.split("\n")) {
    const m = PAIR.exec(line);
    if (!m) continue;
    const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : undefined);
    out.push({
      old: num(m[1]!),
      new: num(m[4]!),
      newSha: /^[0-9a-f]+$/.test(m[5]!) ? m[5] : undefined,
      mark: m[3] as RangePair["mark"],
    });
  }
  return out;
}

/**
 * The new commit from which the rest is new: the twin of the last old commit, when every old
 * commit is still there with the same patch, in order, and nothing new was put before them.
 * A string says why there is none; undefined means the old range was empty.
 */
export function fromRangeDiff(
  pairs: readonly RangePair[],
): { from: string } | { why: string } | undefined {
  const old = pairs.filter((p) => p.old !== undefined).sort((a, b) => a.old! - b.old!);
  if (old.length === 0) return undefined;
  const changed = old.filter((p) => p.mark === "!").length;
  const dropped = old.filter((p) => p.mark === "<").length;
  if (changed + dropped > 0) {
    const parts = [
      changed > 0 ? `${changed} commit${changed === 1 ? " was" : "s were"} changed` : "",
      dropped > 0 ? `${dropped} commit${dropped === 1 ? " was" : "s were"} dropped` : "",
    ].filter(Boolean);
    return { why: `${parts.join(" and ")} of those reviewed before` };
  }
  const twins = old.map((p) => p.new!);
  if (twins.some((n, i) => i > 0 && n <= twins[i - 1]!))
    return { why: "the commits reviewed before were reordered" };
  const last = old[old.length - 1]!;
  const inserted = pairs.some((p) => p.mark === ">" && p.new! < last.new!);
  if (inserted) return { why: "new commits were put among those reviewed before" };
  return last.newSha ? { from: last.newSha } : { why: "range-diff named no commit" };
}
