import type { Settings } from "../config/settings.js";
import { prepareBaseSource, type BaseSource } from "../context/base-source.js";
import type { GitHubPort } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { AgentPlan } from "../plan/plan.js";
import type { Trigger } from "../trigger/trigger.js";
import { inPhase } from "../util/phase.js";
import { gitAuthEnv, runGitProcess } from "../workspace/git.js";
import { indexPullDiff, removePullDiff, type PullDiff } from "../workspace/pull-diff.js";
import { warmReads, type WarmReads } from "../workspace/warm-reads.js";
import {
  createWorkspace,
  startWorkspace,
  type Workspace,
  type WorkspaceRequest,
} from "../workspace/workspace.js";
import type { OpenWorkspace, Target, WorkSource } from "./ports.js";

export interface WorkspaceProviderOptions {
  settings: Settings;
  trigger: Trigger;
  /** A pull request by number, for a run that names one (a comment); GitHub's port answers. */
  getPull: GitHubPort["getPull"];
  journal: Journal;
  signal: AbortSignal;
  runDir: string;
  /** The runner's checkout (GITHUB_WORKSPACE), read only. */
  checkout: string | undefined;
  /** Fetch URL when there is no pull request to ask (workflow_dispatch). */
  fallbackRemote: string;
  /** The sha the workflow ran for (GITHUB_SHA), used when there is no pull request. */
  fallbackSha: string;
}

/** A workspace the provider made or is making, and its removal, done once. */
interface Made {
  workspace: Promise<Workspace>;
  /** The workspace, or undefined if it failed (a failed one has removed its half-made clone). */
  settled: Promise<Workspace | undefined>;
  removed?: Promise<void>;
}

/** A clone started before the run knew it would go ahead, and what was read from it meanwhile. */
interface Warm {
  made: Made;
  /** Undefined when they failed: `open` then reads them itself. */
  reads: Promise<WarmReads<BaseSource> | undefined>;
  /** Both of the above have ended, however they ended. */
  done: Promise<void>;
  opened: boolean;
}

/**
 * The action's workspaces: disposable clones at the pinned commits under the run folder. The
 * provider warms one up ahead of time (`warm`), opens the warmed one or a new one the same way
 * (`open`), and removes whatever it made once the run is over (`close`).
 */
export class WorkspaceProvider implements WorkSource {
  /** Stops the provider's git processes at `close`, as the run's own signal does. */
  private readonly stop = new AbortController();
  private readonly signal: AbortSignal;
  private readonly made: Made[] = [];
  private warmed: Warm | undefined;
  private closed: Promise<void> | undefined;

  constructor(private readonly opts: WorkspaceProviderOptions) {
    this.signal = AbortSignal.any([opts.signal, this.stop.signal]);
  }

  /**
   * For a pull request everything the workspace needs is in the event, so the clone can start
   * while GitHub answers the trust check, and the diff be indexed beside it (a fork's
   * `pull_request` event, which is skipped, is not warmed). Cloning untrusted code as data is
   * safe; a run that is then skipped only removes it. Resolves once the warm-up has ended; a
   * failure shows when the workspace is opened.
   */
  warm(): Promise<void> {
    const t = this.opts.trigger;
    if (this.warmed) return this.warmed.done;
    if (t.kind !== "pull_request" || (t.event === "pull_request" && t.isFork) || this.closed)
      return Promise.resolve();
    const start = startWorkspace(
      this.request({ cloneUrl: t.cloneUrl, head: t.headSha, base: t.baseSha }, t.number),
    );
    const { runDir, settings } = this.opts;
    // The reads start from both commits, known before the checkout ends.
    const reads = warmReads(
      start.commits,
      {
        baseSha: t.baseSha,
        runDir,
        maxFileBytes: settings.maxFileBytes,
        prepareBase: prepareBaseSource,
      },
      this.signal,
    ).catch(() => undefined);
    const made = this.track(start.workspace);
    const done = Promise.all([made.settled, reads]).then(() => undefined);
    this.warmed = { made, reads, done, opened: false };
    return done;
  }

  /** Which commits to work on. A pull_request event pins the commits it was raised for. */
  async target(plan: AgentPlan): Promise<Target> {
    const { trigger } = this.opts;
    if (trigger.kind === "pull_request") {
      const { headSha: head, baseSha: base, cloneUrl, number, title, body } = trigger;
      return { fork: trigger.isFork, head, base, cloneUrl, pull: { number, title, body } };
    }
    const pr = plan.pr;
    if (pr === undefined) {
      const sha = this.opts.fallbackSha;
      const cloneUrl = this.opts.fallbackRemote;
      return { fork: false, head: sha, base: sha, cloneUrl, pull: undefined };
    }
    const pull = await inPhase("github", () => this.opts.getPull(pr));
    const fork = pull.headRepo.toLowerCase() !== pull.baseRepo.toLowerCase();
    return { fork, head: pull.headSha, base: pull.baseSha, cloneUrl: pull.cloneUrl, pull };
  }

  /**
   * The warmed workspace if there is one, else a new one; then the diff, read ahead or read now.
   * Its `dispose` removes the clone and the diff, once however often it is called.
   */
  async open(target: Target, plan: AgentPlan): Promise<OpenWorkspace> {
    const { settings, runDir } = this.opts;
    const warm = this.warmed?.opened === false ? this.warmed : undefined;
    if (warm) warm.opened = true;
    const made = warm?.made ?? this.track(createWorkspace(this.request(target, plan.pr)));
    const ws = await made.workspace;
    const dispose = () => this.remove(made);
    const reads = await warm?.reads;
    let diff: PullDiff;
    try {
      diff =
        reads ??
        (await inPhase("workspace", () =>
          indexPullDiff({
            root: ws.root,
            mergeBase: ws.mergeBase,
            head: ws.head,
            runDir,
            maxFileBytes: settings.maxFileBytes,
            signal: this.signal,
          }),
        ));
    } catch (error) {
      // Nobody else holds the clone yet: a workspace that could not be opened is removed here.
      if (!settings.keepWorkspace) await dispose();
      throw error;
    }
    const { index, files } = diff;
    return {
      root: ws.root,
      head: ws.head,
      mergeBase: ws.mergeBase,
      artifacts: ws.artifacts,
      source: ws.source,
      files,
      diff: () => Promise.resolve(index),
      worktree: () => ws.worktree(),
      // Loaded when asked: instructions and skills are not on the start-up path.
      context: async (memory) =>
        (await import("../context/for-run.js")).contextForRun({
          settings,
          plan,
          root: ws.root,
          fork: target.fork,
          base: target.base,
          head: ws.head,
          changedPaths: files.map((f) => f.path),
          checkout: this.opts.checkout,
          memory,
          baseSource: reads?.baseSource,
          journal: this.opts.journal,
        }),
      fetchCommits: (shas) => this.fetchCommits(target, ws.root, shas),
      dispose,
    };
  }

  /**
   * Once the run is over, whatever happened: stops the git processes still warming up, waits for
   * them, and removes every workspace made here that is still there, with the pull request's diff
   * (`keep-workspace` keeps them). Calling it again, or after `dispose`, does nothing more.
   */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.stop.abort();
      const [reads] = await Promise.all([this.warmed?.reads, ...this.made.map((m) => m.settled)]);
      // The base commit's source is read beside the diff; its git may still run in the clone.
      await (
        await reads?.baseSource.catch(() => undefined)
      )?.prefetched;
      if (!this.opts.settings.keepWorkspace)
        await Promise.all(this.made.map((m) => this.remove(m)));
    })();
    return this.closed;
  }

  private track(workspace: Promise<Workspace>): Made {
    const made: Made = { workspace, settled: workspace.catch(() => undefined) };
    this.made.push(made);
    return made;
  }

  /** Best effort: what cannot be removed stays in the runner's temporary folder, emptied after the job. */
  private remove(made: Made): Promise<void> {
    made.removed ??= (async () => {
      const ws = await made.settled;
      // The warm-up indexes the diff beside the clone: its git must have stopped before removal.
      await this.warmed?.reads;
      try {
        await ws?.dispose();
      } finally {
        await removePullDiff(this.opts.runDir);
      }
    })().catch(() => undefined);
    return made.removed;
  }

  private request(target: Pick<Target, "cloneUrl" | "head" | "base">, pr: number | undefined) {
    return {
      runDir: this.opts.runDir,
      checkout: this.opts.checkout,
      remoteUrl: target.cloneUrl,
      token: this.opts.settings.githubToken,
      head: target.head,
      base: target.base,
      ...(pr !== undefined ? { headRef: `refs/pull/${pr}/head` } : {}),
      worktree: "on-demand",
      signal: this.signal,
    } satisfies WorkspaceRequest;
  }

  /** Fetches the commits the clone lacks by their names; says whether all are here afterwards. */
  private async fetchCommits(target: Target, root: string, shas: readonly string[]) {
    const { signal } = this;
    const missing = async () => {
      const checks = await Promise.all(
        shas.map((sha) => runGitProcess(root, ["cat-file", "-e", `${sha}^{commit}`], { signal })),
      );
      return shas.filter((_, i) => checks[i]!.code !== 0);
    };
    const wanted = (await missing()).filter((sha) => /^[0-9a-f]{40,64}$/.test(sha));
    if (wanted.length === 0) return (await missing()).length === 0;
    await runGitProcess(
      root,
      ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--", target.cloneUrl, ...wanted],
      { env: gitAuthEnv(target.cloneUrl, this.opts.settings.githubToken), signal },
    );
    return (await missing()).length === 0;
  }
}
