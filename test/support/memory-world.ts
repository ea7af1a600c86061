/**
 * A runner's world for memory commands: a loopback GitHub with an issue, the results service for
 * the journal artifact, and a way to run the bundled action on one issue_comment event.
 *
 *   const world = await createMemoryActionWorld({ roles: { alice: "write" } });
 *   const run = await world.comment("alice", "/remember fact we use pnpm");
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBundledAction, type ActionRun } from "./action-run.js";
import { startGitHubServer, type GitHubServer, type Role } from "./github-server.js";
import { issueCommentPayload, writeEventFile } from "./payloads.js";
import { startResultsServer, type ResultsServer } from "./results-server.js";

export const MEMORY_OWNER = "acme";
export const MEMORY_REPO = "widgets";
export const MEMORY_FULL = `${MEMORY_OWNER}/${MEMORY_REPO}`;
export const MEMORY_BOT = "github-actions[bot]";
export const MEMORY_TOKEN = "ghs_memoryE2eToken0123456789abcdefABCD";

export interface MemoryActionRun extends ActionRun {
  commentId: number;
  /** Name of the journal artifact this run uploaded. */
  journalName: string;
}

export interface MemoryActionWorld {
  github: GitHubServer;
  results: ResultsServer;
  issue: number;
  /** Writes a comment on the issue and runs the action on its event. */
  comment(
    commenter: string,
    body: string,
    opts?: { commentId?: number; attempt?: number; inputs?: Record<string, string> },
  ): Promise<MemoryActionRun>;
  /** Journal events of a run's artifact. */
  journal(run: MemoryActionRun): { type: string; [k: string]: unknown }[];
  close(): Promise<void>;
}

export async function createMemoryActionWorld(
  opts: { roles?: Record<string, Role> } = {},
): Promise<MemoryActionWorld> {
  const github = await startGitHubServer({
    tokens: { [MEMORY_TOKEN]: { login: MEMORY_BOT, type: "installation" } },
  });
  github.addRepo(MEMORY_FULL);
  for (const [login, role] of Object.entries(opts.roles ?? {})) {
    github.setPermission(MEMORY_FULL, login, role);
  }
  const issue = github.addIssue(MEMORY_FULL, { title: "Team conventions" });
  const results = await startResultsServer();
  const dir = mkdtempSync(join(tmpdir(), "rivumi-memory-runner-"));
  let runs = 0;

  return {
    github,
    results,
    issue,
    async comment(commenter, body, o = {}) {
      runs += 1;
      const type = commenter.endsWith("[bot]") ? "Bot" : "User";
      const commentId =
        o.commentId ??
        github.addIssueComment(MEMORY_FULL, issue, body, { login: commenter, type }).id;
      const runnerDir = join(dir, `run-${runs}`);
      mkdirSync(runnerDir, { recursive: true });
      const event = issueCommentPayload({
        owner: MEMORY_OWNER,
        repo: MEMORY_REPO,
        number: issue,
        body,
        commenter,
        commenterType: type,
        onPullRequest: false,
        commentId,
      });
      const attempt = String(o.attempt ?? 1);
      // A re-run keeps the run id and bumps the attempt; a new comment is a new run.
      const runId = String(5000 + commentId);
      const run = await runBundledAction({
        runnerDir,
        env: {
          GITHUB_EVENT_NAME: "issue_comment",
          GITHUB_EVENT_PATH: writeEventFile(join(runnerDir, "event"), event),
          GITHUB_REPOSITORY: MEMORY_FULL,
          GITHUB_API_URL: github.url,
          GITHUB_SHA: github.refSha(MEMORY_FULL, "main") ?? "",
          GITHUB_RUN_ID: runId,
          GITHUB_RUN_ATTEMPT: attempt,
          GITHUB_JOB: "memory",
          ...results.env(),
          RIVUMI_ARTIFACT_SUFFIX: `run${runs}`,
        },
        inputs: {
          "github-token": MEMORY_TOKEN,
          // The model is never called for a memory command; nothing listens here.
          "base-url": "http://127.0.0.1:9/v1",
          model: "unused-model",
          ...o.inputs,
        },
      });
      return { ...run, commentId, journalName: `rivumi-journal-memory-${attempt}-run${runs}` };
    },
    journal(run) {
      return results
        .readArtifactFile(run.journalName, "journal.jsonl")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });
    },
    async close() {
      await Promise.all([github.close(), results.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
