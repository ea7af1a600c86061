import type { Octokit } from "@octokit/rest";
import type { RepoRef } from "../../github/port.js";
import type { Journal } from "../../journal/journal.js";
import type { CommentTrigger } from "../../trigger/trigger.js";

/**
 * Reacts to the command's comment (+1 on success, confused otherwise) and posts the reply on the
 * issue. Both are best effort: the store is already written, so a failure here is journaled, not
 * thrown.
 */
export async function respond(
  deps: {
    octokit: Octokit;
    repo: RepoRef;
    trigger: CommentTrigger;
    journal: Journal;
    redact?: (text: string) => string;
  },
  result: { conclusion: "success" | "refused" | "failure"; reply: string },
): Promise<void> {
  const { octokit, repo, trigger, journal } = deps;
  const redact = deps.redact ?? ((s: string) => s);
  const attempt = async (target: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      const message = redact(error instanceof Error ? error.message : String(error));
      journal.emit({ type: "publish.failed", target, error: message });
    }
  };
  await attempt("memory reaction", () =>
    octokit.rest.reactions.createForIssueComment({
      owner: repo.owner,
      repo: repo.repo,
      comment_id: trigger.commentId,
      content: result.conclusion === "success" ? "+1" : "confused",
    }),
  );
  await attempt("memory reply", async () => {
    const { data } = await octokit.rest.issues.createComment({
      owner: repo.owner,
      repo: repo.repo,
      issue_number: trigger.number,
      body: result.reply,
    });
    journal.emit({
      type: "publish.comment",
      action: "created",
      id: data.id,
      url: data.html_url,
      state: `memory ${result.conclusion}`,
      bytes: data.body?.length ?? 0,
    });
  });
}
