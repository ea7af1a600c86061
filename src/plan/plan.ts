import type { Settings } from "../config/settings.js";
import { canWrite, isBot } from "../trigger/actor.js";
import { fixRequestOf, isReviewCommand } from "../trigger/command.js";
import type { Trigger } from "../trigger/trigger.js";

interface AgentPlanBase {
  /** The pull request number, or undefined for a repository-level task (workflow_dispatch). */
  pr: number | undefined;
  task: string;
  /** Untrusted runs get read-only tools, base-commit instructions and sanitised text. */
  trusted: boolean;
  reason: string;
}

/** Review a pull request with the default review task. */
export interface ReviewPlan extends AgentPlanBase {
  kind: "review";
  /** Someone asked for a full review (`/rivumi review`): no increment from the last head. */
  full?: boolean;
}

/** Run the agent on a task of the user's own (`/rivumi`, the `prompt` input, workflow_dispatch). */
export interface TaskPlan extends AgentPlanBase {
  kind: "task";
  /**
   * The run gets the edit tools whatever `allow-edits` says (a fix that may be committed); only
   * for trusted runs.
   */
  edits?: boolean;
}

/** What a fix is asked to fix: a writer's words, or a failed CI run's first cause. */
export type FixRequest =
  | { source: "comment"; what: string }
  | {
      source: "ci";
      /** The triage's evidence, already bounded and fenced: the task's text. */
      what: string;
      runId: number;
      /** The head the failed run tested: the fix is made only while it is the pull request's. */
      headSha: string;
      signature: string;
    };

/**
 * `/rivumi fix`: a task whose changes become one commit on the pull request's branch when
 * `push-fixes` allows it and nothing the fix's rules refuse is in them.
 */
export interface FixPlan extends AgentPlanBase {
  kind: "fix";
  pr: number;
  request: FixRequest;
}

/** Either kind of agent run: both go through the agent's loop in a workspace. */
export type AgentPlan = ReviewPlan | TaskPlan;

/** Answer a question about one large local file with the RLM engine (the CLI's `rivumi rlm`). */
export interface RlmPlan {
  kind: "rlm";
  /** Absolute path of the input file. */
  input: string;
  question: string;
  /** The child calls' model; the run's model when undefined. */
  childModel: string | undefined;
  limits: {
    maxIterations: number;
    maxDepth: number;
    concurrency: number;
    maxChildCalls: number;
    maxTokens: number;
  };
  reason: string;
}

/** Nothing to do, or not allowed; the run ends with a notice, not a failure. */
export interface StopPlan {
  kind: "stop";
  conclusion: "skipped" | "refused";
  reason: string;
  /** Set for a fork PR on `pull_request`: the summary explains how to review forks. */
  fork?: boolean;
}

/**
 * A `/remember`, `/forget` or `/memories` comment, on an issue, a pull request or in a review
 * thread; the memory handler checks who asked and replies.
 */
export interface MemoryPlan {
  kind: "memory";
  reason: string;
}

/**
 * Explain a failed workflow run: its failed jobs' logs, the failure signature, the difference from
 * the last green run and, with a model, a digest. The mode reads the rest of the run (its workflow,
 * branch and attempt) from the Actions API of this repository.
 */
export interface TriagePlan {
  kind: "triage";
  runId: number;
  headSha: string;
  /** The pull requests the event names (same-repository ones; GitHub lists none for a fork's). */
  prNumbers: number[];
  /** failure, timed_out or startup_failure. */
  conclusion: string;
  reason: string;
}

export type Plan = ReviewPlan | TaskPlan | FixPlan | StopPlan | MemoryPlan | RlmPlan | TriagePlan;

/** The pull request a plan's run comments on when it fails: a review's, a task's or a fix's. */
export function pullRequestOf(plan: Plan | undefined): number | undefined {
  return plan?.kind === "review" || plan?.kind === "task" || plan?.kind === "fix"
    ? plan.pr
    : undefined;
}

/** The run conclusions that are triaged; any other is skipped with a notice. */
export const TRIAGED_CONCLUSIONS: readonly string[] = ["failure", "timed_out", "startup_failure"];

/** What the I/O stage learned about the actor before planning. */
export interface TrustFacts {
  permission: string | undefined;
}

export const DEFAULT_REVIEW_TASK =
  "Review this pull request. Read the diff, inspect the surrounding code where needed, and report " +
  "real problems (bugs, security issues, broken contracts, missing tests) with the exact lines.";

const skip = (reason: string): StopPlan => ({ kind: "stop", conclusion: "skipped", reason });
const refuse = (reason: string): StopPlan => ({ kind: "stop", conclusion: "refused", reason });

/** Decides what this run does. Pure: every input is data. */
export function planRun(trigger: Trigger, settings: Settings, facts: TrustFacts): Plan {
  switch (trigger.kind) {
    case "ignored":
      return skip(trigger.reason);
    case "local":
      return skip("a local run is planned by the rivumi command that started it");
    case "workflow_run": {
      // GitHub sends workflow_run for this repository's own workflows; the run is read back from
      // this repository's API, so a run of another repository is never acted on. No person asked,
      // so there is no permission to check: the workflow file that listens is the consent.
      if (!TRIAGED_CONCLUSIONS.includes(trigger.conclusion)) {
        return skip(
          `workflow run ${trigger.runId} concluded '${trigger.conclusion || "none"}'; only ${TRIAGED_CONCLUSIONS.join(", ")} runs are triaged`,
        );
      }
      return {
        kind: "triage",
        runId: trigger.runId,
        headSha: trigger.headSha,
        prNumbers: [...trigger.prNumbers],
        conclusion: trigger.conclusion,
        reason: `workflow run ${trigger.runId} concluded '${trigger.conclusion}'`,
      };
    }
    case "pull_request": {
      if (trigger.event === "pull_request" && trigger.isFork) {
        return {
          ...skip(
            `pull request #${trigger.number} comes from the fork ${trigger.headRepo}; on 'pull_request' GitHub gives ` +
              "fork runs no secrets and a read-only token, so Rivumi cannot review it here. Use 'pull_request_target' " +
              "with 'review-authors: everyone' to review forks in untrusted mode.",
          ),
          fork: true,
        };
      }
      const author = { login: trigger.author, type: trigger.authorType };
      if (isBot(author) && !settings.allowBots.includes(author.login.toLowerCase())) {
        return refuse(
          `pull request author ${author.login} is a bot that is not listed in 'allow-bots'`,
        );
      }
      const task = settings.prompt ?? DEFAULT_REVIEW_TASK;
      const kind = settings.prompt ? "task" : "review";
      if (canWrite(facts.permission)) {
        return {
          kind,
          pr: trigger.number,
          task,
          trusted: true,
          reason: `author ${author.login} has ${facts.permission} permission`,
        };
      }
      if (settings.reviewAuthors === "everyone") {
        return {
          kind,
          pr: trigger.number,
          task,
          trusted: false,
          reason: `author ${author.login} has ${facts.permission ?? "no"} permission; reviewing in untrusted mode (review-authors: everyone)`,
        };
      }
      return skip(
        `author ${author.login} has ${facts.permission ?? "no"} permission on this repository; set 'review-authors: everyone' to review such pull requests in untrusted mode`,
      );
    }
    case "comment": {
      const command = trigger.command;
      if (!command) return skip("the comment does not start with a Rivumi command");
      // Memory commands make their own trust decision, so that a refusal is answered on the issue.
      if (command.name !== "rivumi") {
        const where = trigger.thread ? " in a review thread" : "";
        return { kind: "memory", reason: `/${command.name} from ${trigger.sender}${where}` };
      }
      // A review thread takes only the memory commands: a task or a review answers in the pull
      // request's conversation, where `/rivumi` is written.
      if (trigger.thread) {
        return skip(
          "/rivumi is read in the pull request's conversation, not in a review thread; a review thread takes /remember, /forget and /memories",
        );
      }
      const sender = { login: trigger.sender, type: trigger.senderType };
      if (isBot(sender) && !settings.allowBots.includes(sender.login.toLowerCase())) {
        return refuse(`${sender.login} is a bot that is not listed in 'allow-bots'`);
      }
      if (!canWrite(facts.permission)) {
        return refuse(
          `${sender.login} has ${facts.permission ?? "no"} permission; commands need write or admin`,
        );
      }
      if (!trigger.isPullRequest) return skip("/rivumi runs on pull requests only");
      if (isReviewCommand(command)) {
        return {
          kind: "review",
          pr: trigger.number,
          task: DEFAULT_REVIEW_TASK,
          trusted: true,
          full: true,
          reason: `${sender.login} asked for a full review with /rivumi review (${facts.permission} permission)`,
        };
      }
      const fix = fixRequestOf(command);
      if (fix === "")
        return refuse(
          "/rivumi fix needs what to fix, for example: /rivumi fix the failing date test",
        );
      if (fix !== undefined) {
        return {
          kind: "fix",
          pr: trigger.number,
          task: fix,
          trusted: true,
          request: { source: "comment", what: fix },
          reason: `${sender.login} asked for a fix with /rivumi fix (${facts.permission} permission)`,
        };
      }
      if (command.args === "")
        return refuse("/rivumi needs a task, for example: /rivumi explain the retry logic");
      return {
        kind: "task",
        pr: trigger.number,
        task: command.args,
        trusted: true,
        reason: `${sender.login} has ${facts.permission} permission`,
      };
    }
    case "dispatch": {
      if (!settings.prompt)
        return refuse("workflow_dispatch runs the 'prompt' input, which is empty");
      return {
        kind: "task",
        pr: undefined,
        task: settings.prompt,
        trusted: true,
        reason: "workflow_dispatch needs write access to start",
      };
    }
  }
}
