import type { Settings } from "../config/settings.js";
import { contextForRun } from "../context/for-run.js";
import type { GitFileSource } from "../context/files/git-source.js";
import type { GitHubPort } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { AgentPlan } from "../plan/plan.js";
import type { Trigger } from "../trigger/trigger.js";
import { inPhase } from "../util/phase.js";
import { gitAuthEnv, runGitProcess } from "../workspace/git.js";
import type { EarlyReads } from "../workspace/warm-reads.js";
import { indexPullDiff, removePullDiff } from "../workspace/pull-diff.js";
import { createWorkspace, type Workspace } from "../workspace/workspace.js";
import type { OpenWorkspace, Target, WorkSource } from "./ports.js";

export interface ClonedSourceOptions {
  settings: Settings;
  trigger: Trigger;
  github: GitHubPort;
  journal: Journal;
  signal: AbortSignal;
  runDir: string;
  /** The runner's checkout (GITHUB_WORKSPACE), read only. */
  checkout: string | undefined;
  /** Fetch URL when there is no pull request to ask (workflow_dispatch). */
  fallbackRemote: string;
  /** The sha the workflow ran for (GITHUB_SHA), used when there is no pull request. */
  fallbackSha: string;
  /** A workspace already being made for this trigger (see `startEarlyWorkspace`). */
  early?: Promise<Workspace | undefined> | undefined;
  /** What was read from the early workspace beside the trust check (see `readAhead`). */
  ahead?: Promise<EarlyReads<GitFileSource> | undefined> | undefined;
}

/** The action's workspaces: a disposable clone at the pinned commits under the run folder. */
export function clonedSource(opts: ClonedSourceOptions): WorkSource {
  return {
    target: (plan) => resolveTarget(opts, plan),
    async open(target, plan) {
      const pr = plan.pr;
      const early = await opts.early;
      const ws =
        early ??
        (await createWorkspace({
          runDir: opts.runDir,
          checkout: opts.checkout,
          remoteUrl: target.cloneUrl,
          token: opts.settings.githubToken,
          head: target.head,
          base: target.base,
          ...(pr !== undefined ? { headRef: `refs/pull/${pr}/head` } : {}),
          worktree: "on-demand",
          signal: opts.signal,
        }));
      const dispose = async () => {
        try {
          await ws.dispose();
        } finally {
          await removePullDiff(opts.runDir);
        }
      };
      // Read ahead only for the early workspace; otherwise (or if that failed) read them now.
      const ahead = early ? await opts.ahead?.catch(() => undefined) : undefined;
      let diff;
      try {
        diff =
          ahead ??
          (await inPhase("workspace", () =>
            indexPullDiff({
              root: ws.root,
              mergeBase: ws.mergeBase,
              head: ws.head,
              runDir: opts.runDir,
              maxFileBytes: opts.settings.maxFileBytes,
              signal: opts.signal,
            }),
          ));
      } catch (error) {
        // Nobody else holds the clone yet: a workspace that could not be opened is removed here.
        if (!opts.settings.keepWorkspace) await dispose().catch(() => undefined);
        throw error;
      }
      const { index, files } = diff;
      const opened: OpenWorkspace = {
        root: ws.root,
        head: ws.head,
        mergeBase: ws.mergeBase,
        artifacts: ws.artifacts,
        source: ws.source,
        files,
        diff: () => Promise.resolve(index),
        worktree: () => ws.worktree(),
        context: (memory) =>
          contextForRun({
            settings: opts.settings,
            plan,
            root: ws.root,
            fork: target.fork,
            base: target.base,
            head: ws.head,
            changedPaths: files.map((f) => f.path),
            checkout: opts.checkout,
            memory,
            baseSource: ahead?.baseSource,
            journal: opts.journal,
          }),
        fetchCommits: (shas) => fetchCommits(opts, target, ws.root, shas),
        dispose,
      };
      return opened;
    },
  };
}

/** Fetches the commits the clone lacks by their names; says whether all are here afterwards. */
async function fetchCommits(
  opts: ClonedSourceOptions,
  target: Target,
  root: string,
  shas: readonly string[],
): Promise<boolean> {
  const missing = async () => {
    const checks = await Promise.all(
      shas.map((sha) =>
        runGitProcess(root, ["cat-file", "-e", `${sha}^{commit}`], { signal: opts.signal }),
      ),
    );
    return shas.filter((_, i) => checks[i]!.code !== 0);
  };
  const wanted = (await missing()).filter((sha) => /^[0-9a-f]{40,64}$/.test(sha));
  if (wanted.length === 0) return (await missing()).length === 0;
  await runGitProcess(
    root,
    ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--", target.cloneUrl, ...wanted],
    { env: gitAuthEnv(target.cloneUrl, opts.settings.githubToken), signal: opts.signal },
  );
  return (await missing()).length === 0;
}

/** Which commits to work on. A pull_request event pins the commits it was raised for. */
async function resolveTarget(opts: ClonedSourceOptions, plan: AgentPlan): Promise<Target> {
  const { trigger } = opts;
  if (trigger.kind === "pull_request") {
    const { headSha: head, baseSha: base, cloneUrl, number, title, body } = trigger;
    return { fork: trigger.isFork, head, base, cloneUrl, pull: { number, title, body } };
  }
  const pr = plan.pr;
  if (pr === undefined) {
    const sha = opts.fallbackSha;
    return { fork: false, head: sha, base: sha, cloneUrl: opts.fallbackRemote, pull: undefined };
  }
  const pull = await inPhase("github", () => opts.github.getPull(pr));
  const fork = pull.headRepo.toLowerCase() !== pull.baseRepo.toLowerCase();
  return { fork, head: pull.headSha, base: pull.baseSha, cloneUrl: pull.cloneUrl, pull };
}
