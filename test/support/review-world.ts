/**
 * A pull request review run through the review mode with real parts: a git repository with a base
 * and a head commit, the real `openai` client against the loopback model server, the real hunk
 * index, instruction resolution from the base commit and (for large diffs) the RLM engine's
 * Python REPL. Only the run's wiring (`ModePorts`) is an object literal here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localContext } from "../../src/cli/local-context.js";
import { parseSettings } from "../../src/config/settings.js";
import { NO_MEMORY } from "../../src/context/session-context.js";
import { activeDirsForChangedFiles } from "../../src/context/instructions/resolve.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { negotiationFor } from "../../src/model/negotiation.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import type { ModelPort } from "../../src/model/port.js";
import { runMode } from "../../src/modes/index.js";
import type { ModePorts } from "../../src/modes/ports.js";
import type { Outcome, Progress, ReviewResult } from "../../src/outcome/outcome.js";
import { asReview } from "./results.js";
import { DEFAULT_REVIEW_TASK, type ReviewPlan } from "../../src/plan/plan.js";
import { changedFiles } from "../../src/workspace/diff-files.js";
import { makeGitFixture, sh, type GitFixture } from "./git-fixture.js";
import {
  messageText,
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type StaticStep,
  type Step,
  type StepFn,
} from "./model-server.js";

export interface ReviewWorldOptions {
  baseFiles: Record<string, string>;
  headFiles: Record<string, string>;
  /** Action inputs on top of the defaults (`rlm-threshold-bytes`, `max-tokens`, …). */
  inputs?: Record<string, string>;
  /** The agent loop's and the RLM root's replies, in order. */
  script?: Step[];
  /** The child reviewers; default: no findings. */
  children?: StepFn;
  kind?: "review" | "task";
  /** Aborts the run's signal when it returns true, checked on every progress update. */
  abortWhen?: (progress: Progress) => boolean;
  /** What the last review remembered (the action reads it from its sticky comment). */
  lastReview?: ModePorts["lastReview"];
  /** Wraps every model the run asks for (to report usage as another server would). */
  wrapModel?: (model: ModelPort) => ModelPort;
  /**
   * A model server already listening (a provider emulator): used instead of a scripted one, so
   * `script` and `children` do not apply. The world closes it.
   */
  modelServer?: ModelServer;
  /** The pull request comes from a fork (the target says so). */
  fork?: boolean;
  /** The run's redaction (default: none). */
  redact?: (text: string) => string;
}

export interface ReviewWorld {
  git: GitFixture;
  root: string;
  model: ModelServer;
  journal: MemoryJournal;
  progress: Progress[];
  statuses: string[];
  /** How often a run asked for the working tree (the clone writes the head's files then). */
  worktrees: number;
  /**
   * Reviews the feature branch as it is now in `root` (commit more to it between runs); the
   * merge base is where it meets main. `plan` overrides the review plan's fields.
   */
  run(plan?: Partial<ReviewPlan>): Promise<Outcome<ReviewResult>>;
  /** The run's wiring, for a mode the world does not call itself (`/rivumi fix`). */
  ports: ModePorts;
  close(): Promise<void>;
}

export async function reviewWorld(opts: ReviewWorldOptions): Promise<ReviewWorld> {
  const git = await makeGitFixture({ baseFiles: opts.baseFiles, headFiles: opts.headFiles });
  const root = join(git.dir, "author");
  await sh(root, "checkout", "-q", "feature");
  const model =
    opts.modelServer ??
    (await startModelServer(opts.script ?? [], {
      ...(opts.children ? { children: opts.children } : {}),
    }));
  const journal = new MemoryJournal();
  const progress: Progress[] = [];
  const statuses: string[] = [];
  const runsDir = mkdtempSync(join(tmpdir(), "rivumi-review-world-"));
  const inputs: Record<string, string> = {
    "github-token": "test-token",
    "base-url": model.url,
    "api-key": "sk-test-review-world",
    model: "scripted-model",
    ...opts.inputs,
  };
  const settings = parseSettings((name) => inputs[name] ?? "");
  const controller = new AbortController();
  // The branch as it is when a run starts: tests commit to it between runs.
  const now = async () => {
    const head = await sh(root, "rev-parse", "HEAD");
    const mergeBase = await sh(root, "merge-base", "main", head);
    return { head, mergeBase, files: await changedFiles(root, mergeBase, head) };
  };

  // As the action and the CLI wire it: one negotiation shared by every model client of the run.
  const negotiation = negotiationFor(settings, journal);
  const ports: ModePorts = {
    settings,
    trigger: { kind: "local", root },
    journal,
    signal: controller.signal,
    journalName: "rivumi-journal-test",
    started: Date.now(),
    model: (name) => {
      const model = createOpenAIModel({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        model: name ?? settings.model,
        negotiation,
      });
      return Promise.resolve(opts.wrapModel ? opts.wrapModel(model) : model);
    },
    outputCap: negotiation.outputCap,
    resentRequests: () => negotiation.resentRequests,
    memory: () => Promise.resolve(NO_MEMORY),
    memoryStore: () => Promise.reject(new Error("no memory store in the review world")),
    access: () => Promise.resolve(undefined),
    work: {
      target: async () => {
        const { head, mergeBase } = await now();
        return {
          fork: opts.fork ?? false,
          head,
          base: mergeBase,
          cloneUrl: root,
          pull: { number: 7, title: "A change", body: "Changes things." },
        };
      },
      open: async (_target, plan) => {
        const { head, mergeBase, files } = await now();
        let checkedOut: Promise<void> | undefined;
        return {
          root,
          head,
          mergeBase,
          artifacts: runsDir,
          source: "local" as const,
          files,
          // Written once however often it is awaited, as a real workspace's checkout is.
          worktree: () => {
            if (!checkedOut) {
              world.worktrees += 1;
              checkedOut = Promise.resolve();
            }
            return checkedOut;
          },
          context: async (memory) => {
            // A task's edits as the action decides them (`contextForRun`).
            const edits =
              plan.kind === "task" && plan.trusted && (settings.allowEdits || plan.edits === true);
            const assembled = await localContext({
              root,
              ref: mergeBase,
              memory,
              activeDirs: activeDirsForChangedFiles(files.map((f) => f.path)),
              userFile: undefined,
              journal,
            });
            return {
              ...assembled,
              context: { ...assembled.context, edits },
              edits,
              notices: [],
            };
          },
          dispose: () => Promise.resolve(),
        };
      },
    },
    ci: () => Promise.reject(new Error("no GitHub Actions in the review world")),
    progress: (update) => {
      progress.push(update);
      if (opts.abortWhen?.(update)) controller.abort({ rivumi: "cancelled" });
    },
    status: (line) => statuses.push(line),
    redact: opts.redact ?? ((text) => text),
    lastReview: opts.lastReview ?? (() => Promise.resolve({})),
    reviewThreads: () => Promise.resolve([]),
    permissionOf: () => Promise.resolve("none"),
    selfLogin: () => Promise.resolve("rivumi[bot]"),
  };
  const world: ReviewWorld = {
    git,
    root,
    model,
    journal,
    progress,
    statuses,
    worktrees: 0,
    ports,
    run: async (plan = {}) =>
      asReview(
        await runMode(ports, {
          kind: opts.kind ?? "review",
          pr: 7,
          task: DEFAULT_REVIEW_TASK,
          trusted: true,
          reason: "test",
          ...plan,
        }),
      ),
    async close() {
      await model.close();
      git.cleanup();
      rmSync(runsDir, { recursive: true, force: true });
    },
  };
  return world;
}

/** `count` lines of about 60 characters, numbered so every line differs. */
export function codeLines(tag: string, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(`export const ${tag}_${i} = "${"v".repeat(30)}${i}"; // line ${i}`);
  return `${out.join("\n")}\n`;
}

/** A scripted reply that calls the tool `name` with `args`. */
export const call = (name: string, args: object): StaticStep => ({
  toolCalls: [{ name, arguments: args }],
});

/** A scripted tool-loop reply that submits the review. */
export const submit = (summary: string, findings: object[] = []): StaticStep =>
  call("submit_review", { summary, findings });

/** A scripted RLM root reply that finalizes with `text`. */
export const finalize = (text: string): StaticStep => ({
  content: "```repl\nfinalize(" + JSON.stringify(text) + ")\n```",
});

/** The text of a request's last message: a child reviewer's hunks. */
export const lastUserText = (r: RecordedRequest) => messageText(r.body.messages.at(-1)!);

/** Two directories' files, about 35 KB of change each over a base of a few lines: never one batch. */
export const BIG_HEAD = {
  "src/api/handler.ts": codeLines("handler", 560),
  "src/ui/view.ts": codeLines("view", 560),
};

/** A few lines changed in the same two files. */
export const SMALL_HEAD = {
  "src/api/handler.ts": codeLines("h", 4) + "export const added = 1;\n",
  "src/ui/view.ts": codeLines("v", 6),
};
