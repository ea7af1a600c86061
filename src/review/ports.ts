// What the review (and a task of the user's own) is given: where it works, the run's facts and the
// I/O it may do. The mode hands it the run's `ModePorts`, of which these are a part; the action
// and the CLI each wire their own `WorkSource`; tests pass object literals.
import type { RunContext } from "../context/for-run.js";
import type { SessionMemory } from "../context/session-context.js";
import type { PullFile, ReviewThread } from "../github/port.js";
import type { CapSource } from "../model/output-cap.js";
import type { ModelPort } from "../model/port.js";
import type { Progress } from "../outcome/outcome.js";
import type { LastReview } from "../outcome/review.js";
import type { AgentPlan } from "../plan/plan.js";
import type { HunkIndex } from "../workspace/hunk-index.js";
import type { RunFacts } from "../run-facts.js";

/** Which commits an agent run works on, and the pull request's own words when there is one. */
export interface Target {
  fork: boolean;
  head: string;
  base: string;
  cloneUrl: string;
  pull: { number: number; title: string; body: string } | undefined;
}

/** A workspace holding the target, opened by a `WorkSource`. */
export interface OpenWorkspace {
  root: string;
  head: string;
  mergeBase: string;
  /** Where files for the run's artifact go (changes.patch). */
  artifacts: string;
  /** How it was made, for the journal. */
  source: "shared-clone" | "fresh-clone" | "local";
  /** The changed files between the merge base and the head. */
  files: readonly PullFile[];
  /**
   * The pull request's diff (merge base to head), indexed once in the run folder; `files` was
   * read from it. Absent where the review indexes the diff itself (the CLI's workspaces).
   */
  diff?(): Promise<HunkIndex>;
  /**
   * Writes the head's files into `root` if they are not there yet. What reads or writes the
   * working tree (the agent's tools, a task's instructions, the changes patch) awaits it first;
   * what reads git objects only (the hunk index, the RLM review) never does. Absent when the
   * working tree is always there (the CLI's).
   */
  worktree?(): Promise<void>;
  /**
   * Fetches commits the workspace may lack (an earlier head a force-push replaced); best effort,
   * says whether they are all here afterwards. Only the action's clones can fetch.
   */
  fetchCommits?(shas: readonly string[]): Promise<boolean>;
  /** Instructions, skills and memory for the session, under the rules of where the files live. */
  context(memory: SessionMemory): Promise<RunContext>;
  dispose(): Promise<void>;
}

/** Where agent runs work: a disposable clone in the action, the working tree in the CLI. */
export interface WorkSource {
  target(plan: AgentPlan): Promise<Target>;
  open(target: Target, plan: AgentPlan): Promise<OpenWorkspace>;
}

/** The part of the run's ports a review or a task uses. */
export interface ReviewPorts extends RunFacts {
  /** The chat model the settings name, or another model of the same endpoint. */
  model(name?: string): Promise<ModelPort>;
  /**
   * The run's completion cap, read at each request: it rises from its default once a reply
   * counts reasoning tokens (a fixed number where nothing negotiates: `settings.maxOutputTokens`).
   */
  outputCap: CapSource;
  /** Requests refused for a parameter and sent again, so far this run (see ModelNegotiation). */
  resentRequests(): number;
  /** Explicit memory for the prompt, loading since the run began. */
  memory(): Promise<SessionMemory>;
  work: WorkSource;
  /** Tells the pull request that work has begun (best effort, never throws). */
  progress(update: Progress): void;
  /**
   * What Rivumi's own sticky comment on the pull request remembers of its last review, read once
   * per run; where there is no such comment (the CLI) nothing is known, and the review is full.
   */
  lastReview(pr: number): Promise<LastReview>;
  /** Every review thread of the pull request (none where there is no GitHub: the CLI). */
  reviewThreads(pr: number): Promise<ReviewThread[]>;
  /** The permission a person has on the repository (`write`, `admin`, … or `none`). */
  permissionOf(login: string): Promise<string>;
  /** The login Rivumi posts as (the `bot-login` input, or the token's own). */
  selfLogin(): Promise<string>;
  /** A live status line for long work (the CLI shows it on a terminal); optional. */
  status?: (line: string) => void;
}
