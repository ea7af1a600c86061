// The words of a fix: the task the agent is given and the message of the commit it becomes.
import type { FixAttempt, FixVerification } from "../outcome/fix.js";
import type { FixRequest } from "../plan/plan.js";

/**
 * The agent's task: what to fix, and what happens to its edits: committed (`push-fixes`), saved as
 * a patch only (`allow-edits` without `push-fixes`), or none to make (explain the fix).
 */
export function fixTask(request: FixRequest, edits: "commit" | "patch" | "none"): string {
  const what =
    request.source === "ci"
      ? `A CI run of this pull request failed. Fix its first cause, described below from the run's log.\n\n${request.what}`
      : `Fix this in the pull request: ${request.what}`;
  const how =
    "Make the smallest change that fixes it with write_file or apply_patch, in as few files as you can; " +
    "never edit files under .github/, .gitmodules, symbolic links or binary files.";
  const after = {
    commit: `${how} Rivumi commits your edits to the pull request's branch as one commit if its checks pass. End with a short account of what you changed and why.`,
    patch: `${how} Your edits are saved as a patch for a person to apply; nothing is pushed. End with a short account of what you changed and why.`,
    none: "You cannot edit files in this run: explain the fix (the files and the change) so that a person can make it.",
  }[edits];
  return `${what}\n\n${after}`;
}

/** One line of at most `max` characters: the first line of `text`, cut at a word where it can be. */
function subject(text: string, max: number): string {
  const line = (text.split("\n").find((l) => l.trim() !== "") ?? "").trim().replace(/\s+/g, " ");
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The commit's message: what was asked, whether it was verified, and trailers naming the run (and
 * for a CI fix, the failed run, its signature and the attempt), so a re-run can see what it did.
 */
export function commitMessage(
  request: FixRequest,
  verification: FixVerification | undefined,
  attempt: FixAttempt | undefined,
  /** The comment that asked (`/rivumi fix`), named so that a re-run of its job commits once. */
  comment?: number,
): string {
  const title =
    request.source === "ci"
      ? `rivumi fix: failed run ${request.runId} (${subject(request.signature, 40)})`
      : `rivumi fix: ${subject(request.what, 58)}`;
  // The writer's words in full below the title, unless the title already holds all of them.
  const words = request.what.trim();
  const body =
    request.source === "comment" && words !== subject(words, 58) ? words.slice(0, 2000) : undefined;
  const verified =
    verification?.kind === "passed"
      ? `Verified: \`${verification.command}\` passed.`
      : "Not verified: no verify-command is set.";
  const trailers = [
    ...(comment !== undefined ? [`Rivumi-Fix-Comment: ${comment}`] : []),
    ...(attempt
      ? [
          `Rivumi-Fix-Run: ${attempt.runId}`,
          `Rivumi-Fix-Signature: ${attempt.signature}`,
          `Rivumi-Fix-Attempt: ${attempt.number} of ${attempt.max}`,
        ]
      : []),
  ];
  return [
    title,
    "",
    ...(body ? [body, ""] : []),
    verified,
    ...(trailers.length ? ["", ...trailers] : []),
  ].join("\n");
}
