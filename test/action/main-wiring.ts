// Object-literal fakes of everything `run()` touches, for unit tests of the wiring: no servers,
// no git, no model endpoint. Each fake records what it was asked to do.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ActionPorts, ActionRun } from "../../src/action/ports.js";
import type { MemoryRow } from "../../src/memory-store/record.js";
import { EMPTY_CONTEXT, NO_MEMORY } from "../../src/context/session-context.js";
import type { Wiring } from "../../src/main.js";
import type { ModelPort, ModelReply } from "../../src/model/port.js";
import type { Outcome } from "../../src/outcome/outcome.js";
import type { ActionsCore } from "../../src/runner-env.js";

export interface CoreCalls {
  info: string[];
  notice: string[];
  warning: string[];
  failed: string[];
  outputs: Record<string, string>;
  summary: string[];
}

/** A stand-in for @actions/core that keeps every call. */
export function fakeCore(): { core: ActionsCore; calls: CoreCalls } {
  const calls: CoreCalls = {
    info: [],
    notice: [],
    warning: [],
    failed: [],
    outputs: {},
    summary: [],
  };
  const summary = {
    addRaw(text: string) {
      calls.summary.push(text);
      return summary;
    },
    write: () => Promise.resolve(summary),
  };
  const core = {
    info: (m: string) => calls.info.push(m),
    notice: (m: string) => calls.notice.push(m),
    warning: (m: string) => calls.warning.push(m),
    setFailed: (m: string) => calls.failed.push(m),
    setOutput: (k: string, v: string) => (calls.outputs[k] = v),
    setSecret: () => undefined,
    summary,
  };
  return { core: core as unknown as ActionsCore, calls };
}

/** A model that answers with the scripted replies in order, and fails when they run out. */
export function scriptedModel(replies: Partial<ModelReply>[]): ModelPort & { asked: number } {
  const model = {
    model: "scripted",
    asked: 0,
    complete(_m: unknown, _t: unknown, signal: AbortSignal): Promise<ModelReply> {
      if (signal.aborted) return Promise.reject(new Error("aborted"));
      const next = replies[model.asked++];
      if (!next) return Promise.reject(new Error("the script has no more replies"));
      return Promise.resolve({
        content: "",
        toolCalls: [],
        finishReason: "stop",
        usage: { promptTokens: 100, completionTokens: 10, cachedTokens: 0 },
        ...next,
      });
    },
  };
  return model;
}

export const submitReview = (summary: string): Partial<ModelReply> => ({
  finishReason: "tool_calls",
  toolCalls: [
    { id: "c1", name: "submit_review", arguments: JSON.stringify({ summary, findings: [] }) },
  ],
});

export interface World {
  env: NodeJS.ProcessEnv;
  dir: string;
  core: CoreCalls;
  wiring: Wiring;
  published: Outcome[];
  progress: number[];
  stored: MemoryRow[];
  disposed: boolean;
  closed: boolean;
  /** What the fake ports were built for. */
  run: ActionRun | undefined;
}

export interface WorldOptions {
  event: string;
  payload: unknown;
  permission?: string;
  model?: ModelPort;
  inputs?: Record<string, string>;
  /** Make `open()` of the workspace fail with this message. */
  workspaceFails?: string;
  /** Make the trust check fail with this message. */
  trustFails?: string;
}

/** A runner environment and fake ports for one event. */
export function makeWorld(o: WorldOptions): World {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-main-"));
  const eventPath = join(dir, "event.json");
  writeFileSync(eventPath, JSON.stringify(o.payload));
  // A key, so the fake model stands for a configured one (no key and OpenAI's URL is no model).
  const inputs = {
    "github-token": "ghs_fake_token_123456",
    "api-key": "sk-fake-model-key",
    model: "m",
    ...o.inputs,
  };
  const env: NodeJS.ProcessEnv = {
    GITHUB_EVENT_NAME: o.event,
    GITHUB_EVENT_PATH: eventPath,
    RUNNER_TEMP: dir,
    GITHUB_RUN_ID: "7",
    GITHUB_JOB: "review",
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
  const { core, calls } = fakeCore();
  const world: World = {
    env,
    dir,
    core: calls,
    published: [],
    progress: [],
    stored: [],
    disposed: false,
    closed: false,
    run: undefined,
    wiring: {
      core: () => Promise.resolve(core),
      ports: (run) => Promise.resolve(fakePorts(world, run, o)),
    },
  };
  return world;
}

function fakePorts(world: World, run: ActionRun, o: WorldOptions): ActionPorts {
  world.run = run;
  const permission = o.permission ?? "write";
  const access = o.trustFails
    ? Promise.reject(new Error(o.trustFails))
    : Promise.resolve({ permission, roleName: permission });
  access.catch(() => undefined);
  return {
    access,
    publisher: {
      publishAll: (outcome) => {
        world.published.push(outcome);
        // The sticky comment is its own publication, or the second half of a review's.
        const sticky = outcome.publications.some(
          (p) => p.kind === "sticky-comment" || p.kind === "review",
        );
        return Promise.resolve({
          commentUrl: sticky ? "https://github.test/c/1" : undefined,
          failures: [],
        });
      },
      linkArtifact: () => Promise.resolve(),
    },
    closeWorkspaces: () => {
      world.closed = true;
      return Promise.resolve();
    },
    ports: {
      settings: run.settings,
      trigger: run.trigger,
      journal: run.journal,
      signal: run.signal,
      journalName: run.journalName,
      started: run.started,
      model: () => Promise.resolve(o.model ?? scriptedModel([])),
      memory: () => Promise.resolve(NO_MEMORY),
      lastReview: () => Promise.resolve({}),
      reviewThreads: () => Promise.resolve([]),
      permissionOf: () => Promise.resolve("none"),
      selfLogin: () => Promise.resolve("rivumi[bot]"),
      outputCap: run.settings.maxOutputTokens,
      resentRequests: () => 0,
      memoryStore: () =>
        Promise.resolve({
          source: "fake",
          read: () => Promise.resolve(world.stored.map((r) => JSON.stringify(r)).join("\n")),
          append: (row) => {
            world.stored.push(row);
            return Promise.resolve({ attempts: 1, duplicate: false });
          },
        }),
      access: () => access,
      work: {
        target: () =>
          Promise.resolve({
            fork: false,
            head: "h".repeat(40),
            base: "b".repeat(40),
            cloneUrl: "",
            pull: undefined,
          }),
        open: () => {
          if (o.workspaceFails) return Promise.reject(new Error(o.workspaceFails));
          return Promise.resolve({
            root: world.dir,
            head: "h".repeat(40),
            mergeBase: "b".repeat(40),
            artifacts: world.dir,
            source: "fresh-clone" as const,
            files: [],
            context: (memory) =>
              Promise.resolve({
                context: { ...EMPTY_CONTEXT, memory },
                resolution: {
                  diagnostics: { directories: [], documents: [], truncated: false },
                  text: "",
                },
                skills: { skills: [], rejected: [] },
                instructionsFor: () => Promise.resolve(""),
                memoryFor: () => memory,
                edits: false,
                notices: [],
              }),
            dispose: () => {
              world.disposed = true;
              return Promise.resolve();
            },
          });
        },
      },
      ci: () => Promise.reject(new Error("no GitHub Actions in the wiring tests")),
      progress: (update) => world.progress.push(update.pr),
      redact: run.redact,
    },
  };
}
