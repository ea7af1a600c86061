/** Bumped whenever an event's shape changes incompatibly. */
export const JOURNAL_SCHEMA_VERSION = 1;

import type { NegotiationEvent } from "../model/negotiation-events.js";
import type { Usage } from "../model/port.js";

import type { ContextEvent } from "./context-events.js";
import type { MemoryEvent } from "./memory-events.js";
import type { ReviewEvent } from "./review-events.js";
import type { FixEvent } from "./fix-events.js";
import type { RlmEvent } from "./rlm-events.js";
import type { TriageEvent } from "./triage-events.js";

/** Every event Rivumi records; `type` is dotted `<stage>.<what>`. Stages with many events keep them in their own folder. */
export type JournalEvent =
  CoreEvent | ContextEvent | RlmEvent | MemoryEvent | ReviewEvent | TriageEvent | FixEvent;

type CoreEvent =
  /** The run began: who, what event, which version. */
  | {
      type: "run.started";
      version: string;
      event: string;
      runId: string;
      attempt: string;
      mode: "action" | "cli";
    }
  /** The event payload was understood (or ignored) as this trigger. */
  | { type: "trigger.parsed"; kind: string; detail: Record<string, unknown> }
  /** The trust decision and the plan derived from it. */
  | { type: "plan.decided"; action: string; trusted: boolean; reason: string; permission?: string }
  /** The disposable workspace exists at this commit. */
  | {
      type: "workspace.created";
      path: string;
      head: string;
      base: string;
      source: "shared-clone" | "fresh-clone" | "local";
      ms: number;
    }
  /** The system prompt was assembled from these sections. */
  | {
      type: "prompt.built";
      sections: {
        id: string;
        version: number;
        stability: string;
        sources: string[];
        bytes: number;
        sha256: string;
      }[];
      bytes: number;
      cacheKey: string;
      cacheKeySent: boolean;
    }
  /** A chat-completion request is about to be sent. */
  | {
      type: "model.request";
      turn: number;
      attempt: number;
      messages: number;
      bytes: number;
      model: string;
      /** The line of `requests.jsonl` whose messages complete this request; absent when not recorded. */
      requestsSeq?: number;
    }
  /** A chat-completion response (or a failed attempt) came back. */
  | {
      type: "model.response";
      turn: number;
      attempt: number;
      ms: number;
      usage?: Usage;
      finishReason?: string;
      toolCalls?: number;
      error?: string;
      status?: number;
      willRetry?: boolean;
    }
  /** What the model adapter learned of an endpoint (see model/negotiation-events.ts). */
  | NegotiationEvent
  /** The model asked for a tool. */
  | { type: "tool.call"; turn: number; id: string; name: string; arguments: string }
  /** A tool finished (or refused). */
  | {
      type: "tool.result";
      turn: number;
      id: string;
      name: string;
      ok: boolean;
      ms: number;
      bytes: number;
      error?: string;
    }
  /** A sticky comment was created or updated. */
  | {
      type: "publish.comment";
      action: "created" | "updated";
      id: number;
      url: string;
      state: string;
      bytes: number;
    }
  /** Something was published elsewhere (summary, outputs, review). */
  | { type: "publish.summary"; bytes: number }
  /** A publishing step failed; the run still goes on to the next. */
  | { type: "publish.failed"; target: string; error: string }
  /** The run ended with a conclusion. */
  | {
      type: "run.finished";
      conclusion: string;
      stop: string;
      turns: number;
      /** Model requests of every kind, for runs that count them beside their turns. */
      requests?: number;
      usage: Usage;
      costUsd?: number;
      ms: number;
    }
  /** The run ended because of an error. */
  | { type: "run.failed"; phase: string; error: string; ms: number }
  /**
   * The journal reached its total cap: from here on only the events that say how the run ended
   * are written. Emitted when it happens and again before the run's last event, with what was left out.
   */
  | {
      type: "journal.cut";
      limitBytes: number;
      droppedBytes: number;
      /** Events left out, by type. */
      dropped: Record<string, number>;
    };

export type JournalEventType = JournalEvent["type"];
