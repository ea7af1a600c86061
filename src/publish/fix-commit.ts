// A fix's publication: its one commit on the pull request's branch, through the GitHub port's Git
// Data API (checked against the head again just before it is written, never forced), journaled
// request by request without file contents.
import type { CallOptions, GitHubPort } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { FixPosted, Publication } from "../outcome/outcome.js";
import { errorText } from "../util/error-text.js";

export async function commitFix(
  github: GitHubPort,
  journal: Journal,
  item: Extract<Publication, { kind: "fix-commit" }>,
  redact: (text: string) => string,
  opts: CallOptions,
): Promise<FixPosted> {
  const posted = await write(github, journal, item, opts).catch((error: unknown): FixPosted => ({
    kind: "failed",
    error: redact(errorText(error)),
  }));
  journal.emit({
    type: "fix.commit",
    result: posted.kind,
    ...(posted.kind === "committed" ? { sha: posted.sha } : {}),
    ...("branch" in posted ? { branch: posted.branch } : {}),
    ...(posted.kind === "refused"
      ? { detail: redact(`${posted.status} ${posted.message}`) }
      : posted.kind === "moved"
        ? { detail: `the branch is at ${posted.head}` }
        : posted.kind === "fork"
          ? { detail: posted.headRepo }
          : posted.kind === "failed"
            ? { detail: posted.error }
            : {}),
  });
  return posted;
}

async function write(
  github: GitHubPort,
  journal: Journal,
  item: Extract<Publication, { kind: "fix-commit" }>,
  opts: CallOptions,
): Promise<FixPosted> {
  const { proposal } = item;
  const result = await github.commitToBranch(
    {
      pr: item.pr,
      parent: proposal.parent,
      message: proposal.message,
      changes: proposal.changes,
    },
    opts,
  );
  for (const r of result.requests) journal.emit({ type: "fix.request", ...r });
  switch (result.kind) {
    case "committed":
      return { kind: "committed", sha: result.sha, url: result.url, branch: result.branch };
    case "moved":
      return { kind: "moved", head: result.head, branch: result.branch };
    case "refused":
      return {
        kind: "refused",
        status: result.status,
        message: result.message,
        branch: result.branch,
      };
    case "fork":
      return { kind: "fork", headRepo: result.headRepo };
  }
}
